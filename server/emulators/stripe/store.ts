import { Journal, type JournalState } from '../../lib/journal'
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
 * The sandbox's state: maps in memory, made durable by a journal under DATA_DIR (server/lib/journal.ts).
 * `apply` changes the maps at once; `commit()` resolves once they are on disk, so the sandbox
 * answers only what it will still know after a crash. Idempotency keys older than a day are
 * dropped when the journal is compacted.
 */
export class SandboxStore implements JournalState<Op> {
  readonly intents = new Map<string, PaymentIntent>()
  readonly charges = new Map<string, Charge>()
  readonly refunds = new Map<string, Refund>()
  readonly idempotency = new Map<string, IdempotentResult>()
  readonly deliveries = new Map<string, Delivery>()
  /** Stripe Billing's objects (billing.ts), by id */
  readonly billing = new Map<string, BillingObject>()

  private journal!: Journal<Op>

  private constructor() {}

  /** A store kept in `dir/journal.jsonl`, or in memory only when `dir` is undefined. */
  static async open(dir: string | undefined) {
    const store = new SandboxStore()
    store.journal = await Journal.open(dir, store)
    return store
  }

  put(op: Op) {
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
    this.journal.apply(ops)
  }

  /** Resolves when every change applied so far is on disk. */
  commit(): Promise<void> {
    return this.journal.commit()
  }

  size() {
    return this.intents.size + this.charges.size + this.refunds.size + this.idempotency.size + this.deliveries.size + this.billing.size
  }

  snapshot(): Op[] {
    const cutoff = Math.floor(Date.now() / 1000) - DAY_SECONDS
    for (const [key, result] of this.idempotency) if (result.created < cutoff) this.idempotency.delete(key)
    return [
      ...[...this.intents.values()].map((v) => ({ k: 'pi' as const, v })),
      ...[...this.charges.values()].map((v) => ({ k: 'ch' as const, v })),
      ...[...this.refunds.values()].map((v) => ({ k: 're' as const, v })),
      ...[...this.idempotency.values()].map((v) => ({ k: 'idem' as const, v })),
      ...[...this.deliveries.values()].map((v) => ({ k: 'dl' as const, v })),
      ...[...this.billing.values()].map((v) => ({ k: 'b' as const, v })),
    ]
  }

  close() {
    return this.journal.close()
  }
}
