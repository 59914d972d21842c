import { chmod, open, readFile, rename, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { PRIVATE_FILE_MODE, privateDir } from './private-files'

/** What a journal keeps durable: state in memory that changes only through `put`. */
export interface JournalState<Op> {
  put(op: Op): void
  /** the current state as changes that rebuild it (a compaction writes these) */
  snapshot(): Op[]
  /** how many objects the state holds: the journal is compacted once it has grown well past it */
  size(): number
}

/**
 * An emulator's state made durable under DATA_DIR: one JSON line per unit of changes, each line
 * all-or-nothing, so a torn last line after a crash is simply dropped. Changes are applied in
 * memory at once and written in batches; `commit()` resolves once everything applied so far is on
 * disk, so an emulator answers only what it will still know after a crash. The file is rewritten
 * compactly when it is opened and when it has grown. Owner-only (decision 63).
 */
export class Journal<Op> {
  private queue: string[] = []
  private applied = 0
  private durable = 0
  private waiters: { upTo: number; resolve: () => void; reject: (e: Error) => void }[] = []
  private writing = false
  private handle?: FileHandle
  private linesSinceCompaction = 0

  private constructor(
    private readonly file: string | undefined,
    private readonly state: JournalState<Op>,
  ) {}

  /** The journal `dir/journal.jsonl` replayed into `state`, or one in memory only when `dir` is undefined. */
  static async open<Op>(dir: string | undefined, state: JournalState<Op>): Promise<Journal<Op>> {
    const journal = new Journal(dir ? path.join(dir, 'journal.jsonl') : undefined, state)
    if (!journal.file) return journal
    await privateDir(dir!)
    let text = ''
    try {
      text = await readFile(journal.file, 'utf8')
      await chmod(journal.file, PRIVATE_FILE_MODE)
    } catch {
      // a first start
    }
    for (const line of text.split('\n')) {
      if (!line) continue
      try {
        for (const op of JSON.parse(line) as Op[]) state.put(op)
      } catch {
        // a line torn by a crash: its change never reached an answer
      }
    }
    await journal.compact()
    return journal
  }

  /** Applies changes in memory now, as one unit of the journal; `commit()` makes them durable. */
  apply(ops: Op[]) {
    if (ops.length === 0) return
    for (const op of ops) this.state.put(op)
    this.applied++
    if (this.file) this.queue.push(`${JSON.stringify(ops)}\n`)
    else this.durable = this.applied
  }

  /** Resolves when every change applied so far is on disk. */
  commit(): Promise<void> {
    if (this.durable >= this.applied) return Promise.resolve()
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ upTo: this.applied, resolve, reject }))
    if (!this.writing) {
      this.writing = true
      void this.drain()
    }
    return done
  }

  private async drain() {
    try {
      while (this.queue.length) {
        try {
          let upTo: number
          if (this.linesSinceCompaction > 20_000 && this.linesSinceCompaction > 4 * this.state.size()) upTo = await this.compact()
          else {
            upTo = this.applied
            const lines = this.queue.splice(0)
            this.handle ??= await open(this.file!, 'a', PRIVATE_FILE_MODE)
            await this.handle.write(lines.join(''))
            await this.handle.datasync()
            this.linesSinceCompaction += lines.length
          }
          this.durable = upTo
          this.settle((w) => w.upTo <= upTo, (w) => w.resolve())
        } catch (error) {
          this.settle(() => true, (w) => w.reject(error as Error))
        }
      }
    } finally {
      // set in the same tick as the last look at the queue, so commit() never waits on a finished writer
      this.writing = false
    }
  }

  private settle(match: (w: (typeof this.waiters)[number]) => boolean, run: (w: (typeof this.waiters)[number]) => void) {
    const ready = this.waiters.filter(match)
    this.waiters = this.waiters.filter((w) => !match(w))
    ready.forEach(run)
  }

  /** Rewrites the journal as the current state; answers how many changes it holds. */
  private async compact() {
    const upTo = this.applied
    this.queue = []
    const ops = this.state.snapshot()
    const lines: string[] = []
    for (let i = 0; i < ops.length; i += 500) lines.push(`${JSON.stringify(ops.slice(i, i + 500))}\n`)
    const temporary = `${this.file!}.tmp`
    const handle = await open(temporary, 'w', PRIVATE_FILE_MODE)
    try {
      await handle.write(lines.join(''))
      await handle.datasync()
    } finally {
      await handle.close()
    }
    await this.handle?.close()
    this.handle = undefined
    await rename(temporary, this.file!)
    this.linesSinceCompaction = lines.length
    return upTo
  }

  async close() {
    await this.commit()
    await this.handle?.close()
    this.handle = undefined
  }
}
