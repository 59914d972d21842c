import { chmod, open, readFile, rename, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { PRIVATE_FILE_MODE, privateDir } from '../../lib/private-files'
import type { BillingObject } from './billing-objects'
import type { Charge, PaymentIntent, Refund, StripeEvent } from './objects'

/** A saved answer to a POST sent with an `Idempotency-Key`. */
export interface IdempotentResult {
  key: string
  /** `POST /v1/...`: a key may not be reused on another endpoint */
  endpoint: string
  /** canonical text of the parameters: a key may not be reused with others */
  params: string
  status: number
  body: unknown
  /** unix seconds; Stripe forgets keys after 24 hours */
  created: number
}

/** A webhook event waiting to reach the shop's endpoint. */
export interface Delivery {
  id: string
  event: StripeEvent
  attempts: number
  /** epoch ms of the next attempt */
  next_attempt_at: number
  last_error: string | null
}

export type Op =
  | { k: 'pi'; v: PaymentIntent }
  | { k: 'ch'; v: Charge }
  | { k: 're'; v: Refund }
  | { k: 'idem'; v: IdempotentResult }
  | { k: 'dl'; v: Delivery }
  | { k: 'dl-done'; id: string }
  /** a Price, Product, Customer, Checkout Session, Subscription, Invoice or test clock, by its id */
  | { k: 'b'; v: BillingObject }

const DAY_SECONDS = 86_400

/**
 * The sandbox's state: maps in memory, made durable by a journal under DATA_DIR (one JSON line per
 * change, each line all-or-nothing, so a torn last line after a crash is simply dropped). Changes
 * are applied in memory at once and written in batches; `commit()` resolves once everything
 * applied so far is on disk, so the sandbox answers only what it will still know after a crash.
 * The journal is rewritten compactly when it is opened and when it has grown.
 */
export class SandboxStore {
  readonly intents = new Map<string, PaymentIntent>()
  readonly charges = new Map<string, Charge>()
  readonly refunds = new Map<string, Refund>()
  readonly idempotency = new Map<string, IdempotentResult>()
  readonly deliveries = new Map<string, Delivery>()
  /** Stripe Billing's objects (billing.ts), by id */
  readonly billing = new Map<string, BillingObject>()

  private queue: string[] = []
  private applied = 0
  private durable = 0
  private waiters: { upTo: number; resolve: () => void; reject: (e: Error) => void }[] = []
  private writing = false
  private handle?: FileHandle
  private linesSinceCompaction = 0

  private constructor(private readonly file: string | undefined) {}

  /** A store kept in `dir/journal.jsonl`, or in memory only when `dir` is undefined. */
  static async open(dir: string | undefined) {
    const store = new SandboxStore(dir ? path.join(dir, 'journal.jsonl') : undefined)
    if (!store.file) return store
    // owner-only (decision 63), also when an earlier version left folder or journal open
    await privateDir(dir!)
    let text = ''
    try {
      text = await readFile(store.file, 'utf8')
      await chmod(store.file, PRIVATE_FILE_MODE)
    } catch {
      // a first start
    }
    for (const line of text.split('\n')) {
      if (!line) continue
      try {
        for (const op of JSON.parse(line) as Op[]) store.put(op)
      } catch {
        // a line torn by a crash: its change never reached an answer
      }
    }
    await store.compact()
    return store
  }

  private put(op: Op) {
    switch (op.k) {
      case 'pi':
        this.intents.set(op.v.id, op.v)
        break
      case 'ch':
        this.charges.set(op.v.id, op.v)
        break
      case 're':
        this.refunds.set(op.v.id, op.v)
        break
      case 'idem':
        this.idempotency.set(op.v.key, op.v)
        break
      case 'dl':
        this.deliveries.set(op.v.id, op.v)
        break
      case 'dl-done':
        this.deliveries.delete(op.id)
        break
      case 'b':
        this.billing.set(op.v.id, op.v)
        break
    }
  }

  /** Applies changes in memory now, as one unit of the journal; `commit()` makes them durable. */
  apply(ops: Op[]) {
    if (ops.length === 0) return
    for (const op of ops) this.put(op)
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
          if (this.linesSinceCompaction > 20_000 && this.linesSinceCompaction > 4 * this.size()) upTo = await this.compact()
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

  private size() {
    return this.intents.size + this.charges.size + this.refunds.size + this.idempotency.size + this.deliveries.size + this.billing.size
  }

  /** Rewrites the journal as the current state (dropping idempotency keys older than a day); answers how many changes it holds. */
  private async compact() {
    const upTo = this.applied
    this.queue = []
    const cutoff = Math.floor(Date.now() / 1000) - DAY_SECONDS
    for (const [key, result] of this.idempotency) if (result.created < cutoff) this.idempotency.delete(key)
    const ops: Op[] = [
      ...[...this.intents.values()].map((v) => ({ k: 'pi' as const, v })),
      ...[...this.charges.values()].map((v) => ({ k: 'ch' as const, v })),
      ...[...this.refunds.values()].map((v) => ({ k: 're' as const, v })),
      ...[...this.idempotency.values()].map((v) => ({ k: 'idem' as const, v })),
      ...[...this.deliveries.values()].map((v) => ({ k: 'dl' as const, v })),
      ...[...this.billing.values()].map((v) => ({ k: 'b' as const, v })),
    ]
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
