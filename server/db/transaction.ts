import { is } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Db, Tx } from './client'

/** deadlock_detected and serialization_failure: Postgres rolled the whole transaction back, and running it again is the remedy it documents. */
const RETRIED_STATES = new Set(['40P01', '40001'])

/** The first run and one more: with the lock order of decision 48 a deadlock is a bug, and retrying it again and again would hide it. */
export const TRANSACTION_ATTEMPTS = 2

/** Whether a failure is one a fresh run of the transaction can succeed after: the driver's `code`, or that of the error drizzle wrapped it in (`cause`). */
export function isRetriedConflict(error: unknown) {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && RETRIED_STATES.has(code)) return true
  }
  return false
}

/**
 * The shop's one way into a transaction: `run` is run again, from the start, when Postgres ends
 * the transaction with a deadlock or a serialization failure (decision 48). So `run` must be safe
 * to run twice: it only reads and writes through `tx`, and whatever reaches outside the database
 * (Stripe, mail, the dispatcher) happens after it returns. Inside a transaction this is a savepoint
 * and is not retried: the failure ended the outer transaction, whose own helper runs it again.
 */
export async function transaction<T>(db: Db | Tx, run: (tx: Tx) => Promise<T>, attempts = TRANSACTION_ATTEMPTS): Promise<T> {
  if (is(db as object, PgTransaction)) return db.transaction(run)
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(run)
    } catch (error) {
      if (attempt >= attempts || !isRetriedConflict(error)) throw error
    }
  }
}
