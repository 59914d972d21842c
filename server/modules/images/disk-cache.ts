import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files'

const TEMPORARY = /\.[0-9a-f]{12}\.tmp$/

/**
 * Writes a file under a temporary name and renames it, so a reader (or a second server process on
 * the same disk) never sees half a file, and a file that exists is a whole one: what the picture
 * queue counts as made after a crash.
 */
export async function writeAtomically(file: string, bytes: Uint8Array) {
  await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE })
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
  try {
    await writeFile(temporary, bytes, { mode: PRIVATE_FILE_MODE })
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

/**
 * Pictures on the local disk (DATA_DIR/image-cache), one file per key: the derivatives and share
 * pictures the queue made, and the originals read from the database. Identical reads of an
 * original that arrive together share one database read.
 */
export class DiskCache {
  readonly #inFlight = new Map<string, Promise<string>>()

  constructor(readonly dir: string) {}

  /** two hex characters of fan-out keep any one directory small */
  pathOf(key: string) {
    return path.join(this.dir, key.slice(0, 2), key)
  }

  async read(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  }

  async has(key: string) {
    return (await stat(this.pathOf(key)).catch(() => undefined))?.isFile() ?? false
  }

  /** the path of the file for `key`, written from `load()` first when it is not there; one load per key at a time */
  fileOf(key: string, load: () => Promise<Uint8Array>): Promise<string> {
    const pending = this.#inFlight.get(key)
    if (pending) return pending
    const work = (async () => {
      const file = this.pathOf(key)
      if (!(await this.has(key))) await writeAtomically(file, await load())
      return file
    })().finally(() => this.#inFlight.delete(key))
    this.#inFlight.set(key, work)
    return work
  }

  /** what a process killed while writing left behind; run before anything writes */
  async removeTemporaries() {
    const entries = await readdir(this.dir, { recursive: true, withFileTypes: true }).catch(() => [])
    await Promise.all(entries.filter((e) => e.isFile() && TEMPORARY.test(e.name)).map((e) => rm(path.join(e.parentPath, e.name), { force: true })))
  }
}
