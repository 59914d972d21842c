/**
 * The thread that runs the embedded PGlite for `pglite-thread.ts`: Postgres compiled to
 * WebAssembly is about half of a request's CPU, and here it runs beside the event loop that
 * parses HTTP, renders answers and talks to the emulators instead of taking turns with it.
 * It answers each request with PGlite's own API, so transactions, their one-at-a-time order and
 * their errors are PGlite's.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, types, type Transaction } from '@electric-sql/pglite'
import { databaseTemplate, isNewDataDir } from './pglite-template'
import { serializeError, type PgliteReply, type PgliteRequest } from './pglite-thread-protocol'

const port = parentPort!
const { dataDir } = workerData as { dataDir: string | undefined }

/** What drizzle's PGlite driver asks for on every query: date and time values (and their arrays) as Postgres writes them. */
const asText = (value: string) => value
const parsers = Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, asText]))

const open = new Map<number, { tx: Promise<Transaction>; end: (commit: boolean) => void; ended: Promise<unknown> }>()

const reply = (message: PgliteReply) => port.postMessage(message)

/** The transaction a request names, or the database itself. */
async function target(pg: PGlite, tx: number | undefined): Promise<PGlite | Transaction> {
  if (tx === undefined) return pg
  const entry = open.get(tx)
  if (!entry) throw new Error(`Transaction ${tx} is not open.`)
  return entry.tx
}

/** Sent by `end` with commit=false: PGlite rolls back when the transaction's function throws. */
class RollBack extends Error {}

async function handle(pg: PGlite, request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const { rows, fields, affectedRows } = await (await target(pg, request.tx)).query(request.sql, request.params, { rowMode: request.rowMode })
      return { rows, fields, affectedRows }
    }
    case 'exec':
      return (await (await target(pg, request.tx)).exec(request.sql)).map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }))
    case 'begin': {
      // answered at once: the statements that follow wait here until the transaction is open
      // (another may hold the database), so it starts on them without a round trip to the event loop
      let end!: (commit: boolean) => void
      const decided = new Promise<boolean>((resolve) => (end = resolve))
      let opened!: (tx: Transaction) => void
      const tx = new Promise<Transaction>((resolve) => (opened = resolve))
      const ended = pg
        .transaction(async (tx) => {
          opened(tx)
          if (!(await decided)) throw new RollBack()
        })
        .catch((error: unknown) => {
          if (!(error instanceof RollBack)) throw error
        })
        .finally(() => open.delete(request.tx))
      // BEGIN itself failed: the statements waiting for the transaction fail with its error
      const openedOrFailed = Promise.race([tx, ended.then(() => Promise.reject(new Error('The transaction ended before it opened.')))])
      openedOrFailed.catch(() => undefined)
      open.set(request.tx, { tx: openedOrFailed, end, ended })
      return null
    }
    case 'end': {
      const entry = open.get(request.tx)
      if (!entry) throw new Error(`Transaction ${request.tx} is not open.`)
      entry.end(request.commit)
      await entry.ended
      return null
    }
    case 'close':
      await pg.close()
      return null
  }
}

try {
  // A new database is unpacked from the initdb template instead of running initdb here. Postgres's own
  // default of 128 MB of shared buffers is set up in full at start: over 100 MB of the process's memory
  // for a catalogue whose tables fit in a few MB and are read through the operating system's file
  // cache anyway; 16 MB keeps the embedded shop on a 1 GB machine (decision 0069).
  const loadDataDir = isNewDataDir(dataDir) ? await databaseTemplate() : undefined
  const pg = await PGlite.create(dataDir ?? 'memory://', { parsers, loadDataDir, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] })
  port.on('message', (request: PgliteRequest) => {
    handle(pg, request).then(
      (result) => {
        reply({ id: request.id, result })
        if (request.op === 'close') port.close()
      },
      (error: unknown) => reply({ id: request.id, error: serializeError(error) }),
    )
  })
  reply({ id: 0, result: 'ready' })
} catch (error) {
  reply({ id: 0, error: serializeError(error) })
}
