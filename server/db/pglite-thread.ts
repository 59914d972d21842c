/**
 * PGlite in a thread of its own (`pglite-worker.ts`), behind the part of PGlite's API that
 * drizzle's PGlite driver uses: `query`, `exec`, `transaction` and `close`. Under load the
 * embedded database and the event loop then work at the same time on two cores instead of taking
 * turns on one (decision 36). Rows come back through the structured clone: strings, numbers,
 * booleans, bigints, byte arrays and parsed JSON, as PGlite gives them.
 *
 * A thread that dies is started again on the same data folder (decision 50): PGlite writes a
 * commit to the folder before answering it, and Postgres's recovery drops what was not committed.
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

/**
 * 'ok': calls go to the thread. 'restarting': calls wait for a new thread (also while the first
 * one opens). 'failed': calls fail, the database gave up (or was closed).
 */
export interface ThreadHealth {
  state: 'ok' | 'restarting' | 'failed'
  restarts: number
}

export interface Supervision {
  /** this many deaths within `withinMs` and the thread is not started again */
  maxDeaths?: number
  withinMs?: number
  /** how long a call made while the thread restarts waits for it */
  waitMs?: number
  log?: (message: string) => void
}

/**
 * A call the thread did not answer. `code` is what a Postgres client sees when it loses its
 * server: 08006 (connection failure) or 57P03 (cannot connect now, the server is starting).
 */
export class DatabaseThreadError extends Error {
  override name = 'DatabaseThreadError'
  constructor(
    message: string,
    readonly code: '08006' | '57P03',
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}

interface Pending {
  resolve: (value: unknown) => void
  reject: (error: Error) => void
  request: Request | { op: 'open' }
}

interface Thread {
  worker: Worker
  pending: Map<number, Pending>
  ready: Promise<void>
  exited: Promise<void>
  /** why it stopped, once it has */
  death?: DatabaseThreadError
}

/**
 * The compiled server (dist-api/, decision 68) has the worker compiled beside it. From source (tests,
 * `npm run dev:api`, scripts) the thread runs its TypeScript through tsx, whose loader a new thread
 * does not inherit: it registers it first.
 */
function startWorker(workerData: { dataDir: string | undefined }) {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData })
  const entry = new URL('./pglite-worker.ts', import.meta.url).href
  const tsx = import.meta.resolve('tsx/esm/api')
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}) })`
  return new Worker(bootstrap, { eval: true, workerData })
}

/** What a caller whose statement was in flight can know about it. */
function inFlight(death: DatabaseThreadError, request: Pending['request']) {
  const outcome =
    request.op === 'end' && request.commit
      ? 'It stopped while committing: the transaction may or may not have been committed.'
      : 'tx' in request && request.tx !== undefined
        ? 'The transaction was rolled back.'
        : 'The statement may or may not have run.'
  return new DatabaseThreadError(`${death.message} ${outcome}`, '08006', { cause: death.cause })
}

export class PgliteThread implements PgliteClient {
  readonly #dataDir: string | undefined
  readonly #maxDeaths: number
  readonly #withinMs: number
  readonly #waitMs: number
  readonly #log: (message: string) => void
  #thread: Thread
  #state: 'starting' | 'ok' | 'restarting' | 'failed' | 'closed' = 'starting'
  #restarts = 0
  #deaths: number[] = []
  /** why calls fail once the state is 'failed' or 'closed' */
  #stopped: DatabaseThreadError | undefined
  readonly #waiting = new Set<{ resolve: (thread: Thread) => void; reject: (error: Error) => void }>()
  readonly #fatalListeners = new Set<(error: Error) => void>()
  #nextId = 1
  #nextTx = 1
  readonly ready: Promise<void>

  /** `dataDir` undefined: in memory, which is not started again after a death (its data died with it). */
  constructor(dataDir: string | undefined, supervision: Supervision = {}) {
    this.#dataDir = dataDir
    this.#maxDeaths = supervision.maxDeaths ?? 3
    this.#withinMs = supervision.withinMs ?? 60_000
    this.#waitMs = supervision.waitMs ?? 10_000
    this.#log = supervision.log ?? ((message) => process.stderr.write(`database: ${message}\n`))
    this.#thread = this.#start()
    this.ready = this.#thread.ready.then(() => {
      if (this.#state === 'starting') this.#state = 'ok'
    })
  }

  #start(): Thread {
    const worker = startWorker({ dataDir: this.#dataDir })
    const pending = new Map<number, Pending>()
    const ready = new Promise<void>((resolve, reject) => pending.set(0, { resolve: () => resolve(), reject, request: { op: 'open' } }))
    let exited!: () => void
    const thread: Thread = { worker, pending, ready, exited: new Promise((resolve) => (exited = resolve)) }
    let crash: Error | undefined
    worker.on('message', (reply: PgliteReply) => {
      const waiting = pending.get(reply.id)
      if (!waiting) return
      pending.delete(reply.id)
      if ('error' in reply) waiting.reject(deserializeError(reply.error))
      else waiting.resolve(reply.result)
    })
    worker.on('error', (error) => (crash ??= error))
    worker.on('exit', (code) => {
      thread.death = new DatabaseThreadError(`The database thread stopped (${crash ? crash.message : `exit code ${code}`}).`, '08006', { cause: crash })
      for (const waiting of pending.values()) waiting.reject(waiting.request.op === 'open' ? thread.death : inFlight(thread.death, waiting.request))
      pending.clear()
      exited()
      if (thread === this.#thread) this.#died(thread.death)
    })
    return thread
  }

  #died(death: DatabaseThreadError) {
    if (this.#state === 'closed' || this.#state === 'failed') return
    if (this.#state === 'starting') {
      // the first open failed: openDatabase reports it
      this.#state = 'failed'
      this.#stopped = death
      return
    }
    const now = Date.now()
    this.#deaths = [...this.#deaths.filter((at) => at > now - this.#withinMs), now]
    if (this.#dataDir === undefined) return this.#giveUp(new DatabaseThreadError(`${death.message} An in-memory database is not started again: its data is gone.`, '08006', { cause: death }))
    if (this.#deaths.length >= this.#maxDeaths) {
      return this.#giveUp(new DatabaseThreadError(`The database thread stopped ${this.#deaths.length} times within ${this.#withinMs / 1000} s; giving up. Last: ${death.message}`, '08006', { cause: death }))
    }
    this.#state = 'restarting'
    this.#restarts++
    this.#log(`${death.message} Starting it again on the same data (restart ${this.#restarts}).`)
    const started = performance.now()
    const thread = this.#start()
    this.#thread = thread
    thread.ready.then(
      () => {
        if (this.#thread !== thread || this.#state !== 'restarting') return
        this.#state = 'ok'
        this.#log(`the database thread is back after ${Math.round(performance.now() - started)} ms.`)
        for (const waiting of this.#waiting) waiting.resolve(thread)
        this.#waiting.clear()
      },
      // a thread that cannot open the database ends: its exit counts as one more death
      () => void thread.worker.terminate(),
    )
  }

  #giveUp(error: DatabaseThreadError) {
    this.#state = 'failed'
    this.#stopped = error
    this.#log(error.message)
    for (const waiting of this.#waiting) waiting.reject(error)
    this.#waiting.clear()
    for (const listener of this.#fatalListeners) listener(error)
  }

  health(): ThreadHealth {
    const state = this.#state === 'starting' ? 'restarting' : this.#state === 'closed' ? 'failed' : this.#state
    return { state, restarts: this.#restarts }
  }

  /** `listener` is called once if the thread keeps dying and the database gives up: the process can then exit for its supervisor to start it again. */
  onFatal(listener: (error: Error) => void) {
    if (this.#state === 'failed' && this.#stopped) listener(this.#stopped)
    else this.#fatalListeners.add(listener)
  }

  /** Ends the thread at once, as a crash would; it is started again as after any death. */
  async terminateThread() {
    await this.#thread.worker.terminate()
  }

  /** The thread calls go to: the running one, or the next one once it has opened. */
  #live(): Thread | Promise<Thread> {
    if (this.#state === 'ok' || this.#state === 'starting') return this.#thread
    if (this.#state !== 'restarting') return Promise.reject(this.#stopped)
    return new Promise((resolve, reject) => {
      const waiting = {
        resolve: (thread: Thread) => {
          clearTimeout(timer)
          resolve(thread)
        },
        reject: (error: Error) => {
          clearTimeout(timer)
          reject(error)
        },
      }
      const timer = setTimeout(() => {
        this.#waiting.delete(waiting)
        reject(new DatabaseThreadError(`The database thread is restarting and did not answer within ${this.#waitMs} ms.`, '57P03'))
      }, this.#waitMs)
      this.#waiting.add(waiting)
    })
  }

  #send(thread: Thread, request: Request): Promise<unknown> {
    if (thread.death) return Promise.reject(inFlight(thread.death, request))
    const id = this.#nextId++
    return new Promise((resolve, reject) => {
      thread.pending.set(id, { resolve, reject, request })
      thread.worker.postMessage({ ...request, id })
    })
  }

  #call(request: Request): Promise<unknown> {
    const thread = this.#live()
    return thread instanceof Promise ? thread.then((live) => this.#send(live, request)) : this.#send(thread, request)
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
    return this.#call({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object' }) as Promise<PgliteResults>
  }

  exec(sql: string) {
    return this.#call({ op: 'exec', sql }) as Promise<PgliteResults[]>
  }

  /** BEGIN, `fn` with a client whose statements run inside, then COMMIT, or ROLLBACK when `fn` throws. */
  async transaction<T>(fn: (tx: PgliteClient) => Promise<T>): Promise<T> {
    const live = this.#live()
    // a transaction lives and dies with one thread: its statements never follow it to the next one
    const thread = live instanceof Promise ? await live : live
    const tx = this.#nextTx++
    // not awaited: the first statement follows it to the thread at once, and fails with BEGIN's error if BEGIN fails
    this.#send(thread, { op: 'begin', tx }).catch(() => undefined)
    const client: PgliteClient = {
      query: (sql, params = [], options = {}) => this.#send(thread, { op: 'query', sql, params, rowMode: options.rowMode ?? 'object', tx }) as Promise<PgliteResults>,
      exec: (sql) => this.#send(thread, { op: 'exec', sql, tx }) as Promise<PgliteResults[]>,
    }
    let result: T
    try {
      result = await fn(client)
    } catch (error) {
      await this.#send(thread, { op: 'end', tx, commit: false }).catch(() => undefined)
      throw error
    }
    await this.#send(thread, { op: 'end', tx, commit: true })
    return result
  }

  /** Closes the database (its last writes reach the disk) and ends the thread. */
  async close() {
    if (this.#state === 'closed' || this.#state === 'failed') return
    this.#state = 'closed'
    this.#stopped = new DatabaseThreadError('The database thread stopped: the database was closed.', '08006')
    for (const waiting of this.#waiting) waiting.reject(this.#stopped)
    this.#waiting.clear()
    const thread = this.#thread
    // a thread still opening (a restart) is let open, so that it closes the database properly
    if (!(await thread.ready.then(() => true, () => false))) return void (await thread.worker.terminate())
    await this.#send(thread, { op: 'close' })
    await thread.exited
  }
}
