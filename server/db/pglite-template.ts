import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

/**
 * A new embedded database starts from a template: the data folder Postgres's initdb makes, kept
 * as a tarball and unpacked into each new database. initdb in PGlite runs a second Postgres, a
 * second WebAssembly program and an in-memory copy of the result: about 700 MB at its peak, and
 * much of it never handed back by the thread that ran it. Unpacking a template peaks near 275 MB
 * and takes a fraction of the time, which also counts for every test that opens a fresh database
 * (decision 0069).
 *
 * The template is made once per PGlite version, by `npm run build` or else by the first database
 * opened, in a thread of its own that ends afterwards (its memory goes back to the system), and
 * kept under node_modules/.cache. Where that folder cannot be written, it is made for this process
 * alone.
 */

const pgliteEntry = import.meta.resolve('@electric-sql/pglite')

export async function databaseTemplateFile() {
  const entry = fileURLToPath(pgliteEntry)
  const packageDir = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`))
  const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }
  const modules = packageDir.slice(0, packageDir.lastIndexOf(`${path.sep}node_modules${path.sep}`) + `${path.sep}node_modules`.length)
  const key = createHash('sha256').update(`${version}|${INITDB_CODE}`).digest('hex').slice(0, 12)
  return path.join(modules, '.cache', 'souvenir-shop', `pglite-${version}-${key}.tar.gz`)
}

/** runs in a thread of its own: initdb into memory, then the data folder as a gzipped tarball */
const INITDB_CODE = `
const { parentPort, workerData } = require('node:worker_threads')
import(workerData.pglite).then(async ({ PGlite }) => {
  const pg = await PGlite.create('memory://')
  const dump = await pg.dumpDataDir('gzip')
  await pg.close()
  parentPort.postMessage(new Uint8Array(await dump.arrayBuffer()))
})`

function makeTemplate(): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(INITDB_CODE, { eval: true, workerData: { pglite: pgliteEntry } })
    worker.once('message', (bytes: Uint8Array<ArrayBuffer>) => {
      resolve(bytes)
      void worker.terminate()
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the database template could not be made (exit code ${code})`)))
  })
}

let made: Promise<Uint8Array<ArrayBuffer>> | undefined

/** The template's bytes: read from the cache, or made (and cached when the folder can be written). */
export async function databaseTemplate(): Promise<Blob> {
  const file = await databaseTemplateFile()
  if (existsSync(file)) return new Blob([await readFile(file)])
  made ??= makeTemplate().then(async (bytes) => {
    // written beside and renamed: a database opened meanwhile reads a whole file or none
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`
    try {
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(partial, bytes)
      await rename(partial, file)
    } catch {
      await rm(partial, { force: true })
    }
    return bytes
  })
  return new Blob([await made])
}

/** whether a data folder holds no database yet (PGlite's folder with no PG_VERSION), or none is named (in memory) */
export const isNewDataDir = (dataDir: string | undefined) => dataDir === undefined || !existsSync(path.join(dataDir, 'PG_VERSION'))
