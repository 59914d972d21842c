/**
 * PGlite in a thread of its own (`pglite-worker.ts`), behind the part of PGlite's API that
 * drizzle's PGlite driver uses: `query`, `exec`, `transaction` and `close`. Under load the
 * embedded database and the event loop then work at the same time on two cores instead of taking
 * turns on one (decision 36). Rows come back through the structured clone: strings, numbers,
 * booleans, bigints, byte arrays and parsed JSON, as PGlite gives them.
 */
import { Worker } from 'node:worker_threads'
import { deserializeError, type PgliteReply, type PgliteRequest } from './pglite-thread-protocol'

type Request = PgliteRequest extends infer R ? (R extends PgliteRequest ? Omit<R, 'id'> : never) : never

interface QueryOptions {
  rowMode?: 'array' | 'object'
}

export interface PgliteResults {
  rows: unknown[]
  fields: { name: string; dataTypeID: number }[]
  affectedRows?: number
}

/** The part of PGlite's client and of its transactions that drizzle calls. */
export interface PgliteClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<PgliteResults>
  exec(sql: string): Promise<PgliteResults[]>
}

export class PgliteThread implements PgliteClient {
  readonly #worker: Worker
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  #nextId = 1
  #nextTx = 1
  /** set once the thread has stopped: every later call fails with it */
  #stopped: Error | undefined
  readonly ready: Promise<void>

  constructor(dataDir: string | undefined) {
    // the shop runs its TypeScript through tsx, whose loader a new thread does not inherit: it registers it first
    const entry = new URL('./pglite-worker.ts', import.meta.url).href
    const tsx = import.meta.resolve('tsx/esm/api')
    const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}) })`
    this.#worker = new Worker(bootstrap, { eval: true, workerData: { dataDir } })
    this.ready = new Promise((resolve, reject) => this.#pending.set(0, { resolve: () => resolve(), reject }))
    this.#worker.on('message', (reply: PgliteReply) => {
      const waiting = this.#pending.get(reply.id)
      if (!waiting) return
      this.#pending.delete(reply.id)
      if ('error' in reply) waiting.reject(deserializeError(reply.error))
      else waiting.resolve(reply.result)
    })
    this.#worker.on('error', (error) => this.#stop(error))
    this.#worker.on('exit', (code) => this.#stop(new Error(`The database thread stopped (exit code ${code}).`)))
  }

  #stop(error: Error) {
    this.#stopped ??= error
    for (const waiting of this.#pending.values()) waiting.reject(this.#stopped)
    this.#pending.clear()
  }

  #call(request: Request): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped)
    const id = this.#nextId++
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      this.#worker.postMessage({ ...request, id })
    })
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
    return this.#call({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object' }) as Promise<PgliteResults>
  }

  exec(sql: string) {
    return this.#call({ op: 'exec', sql }) as Promise<PgliteResults[]>
  }

  /** BEGIN, `fn` with a client whose statements run inside, then COMMIT, or ROLLBACK when `fn` throws. */
  async transaction<T>(fn: (tx: PgliteClient) => Promise<T>): Promise<T> {
    const tx = this.#nextTx++
    // not awaited: the first statement follows it to the thread at once, and fails with BEGIN's error if BEGIN fails
    this.#call({ op: 'begin', tx }).catch(() => undefined)
    const client: PgliteClient = {
      query: (sql, params = [], options = {}) => this.#call({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', tx }) as Promise<PgliteResults>,
      exec: (sql) => this.#call({ op: 'exec', sql, tx }) as Promise<PgliteResults[]>,
    }
    let result: T
    try {
      result = await fn(client)
    } catch (error) {
      await this.#call({ op: 'end', tx, commit: false }).catch(() => undefined)
      throw error
    }
    await this.#call({ op: 'end', tx, commit: true })
    return result
  }

  /** Closes the database (its last writes reach the disk) and ends the thread. */
  async close() {
    if (this.#stopped) return
    const exited = new Promise((resolve) => this.#worker.once('exit', resolve))
    await this.#call({ op: 'close' })
    await exited
  }
}
