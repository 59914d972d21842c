import { sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { authTokens, idempotentRequests, loginAttempts, notificationDeliveries, oauthStates, oneTimeTokens, orderRequests, rateLimits, scheduledRuns, signInLocks, storePicks, stripeEvents, trustedDevices } from '../../db/schema'

/** Rows deleted per statement: short transactions, so sign-ins and checkouts never wait long behind a prune. */
const BATCH = 500
/** Statements per table and pass; what is left waits for the next pass. */
const MAX_BATCHES = 20
const DAY = 86_400_000

export interface Retention {
  /** how long records that guard against replays are kept: idempotency keys, handled webhook ids, used and expired sign-in tokens */
  days: number
}

/**
 * What may go, per table, at `now`. Counters and locks go a day after their last use (every
 * window and lock is shorter); replay guards after the retention, which must outlast every retry
 * a client or Stripe makes (Stripe retries a webhook for up to three days).
 */
const rules = (now: Date, retention: Retention): { name: string; table: PgTable; key: SQL; columns?: SQL; expired: SQL }[] => {
  const keep = new Date(now.getTime() - retention.days * DAY)
  const day = new Date(now.getTime() - DAY)
  return [
    { name: 'rate_limits', table: rateLimits, key: sql`key`, expired: sql`window_start < ${day}` },
    { name: 'sign_in_locks', table: signInLocks, key: sql`key`, expired: sql`updated_at < ${day} and (locked_until is null or locked_until < ${now})` },
    { name: 'oauth_states', table: oauthStates, key: sql`state`, expired: sql`created_at < ${day}` },
    { name: 'auth_tokens', table: authTokens, key: sql`id`, expired: sql`expires_at < ${keep} or revoked_at < ${keep}` },
    { name: 'one_time_tokens', table: oneTimeTokens, key: sql`id`, expired: sql`expires_at < ${keep}` },
    { name: 'idempotent_requests', table: idempotentRequests, key: sql`(user_id, key)`, columns: sql`user_id, key`, expired: sql`created_at < ${keep}` },
    { name: 'order_requests', table: orderRequests, key: sql`(user_id, key)`, columns: sql`user_id, key`, expired: sql`created_at < ${keep}` },
    { name: 'stripe_events', table: stripeEvents, key: sql`id`, expired: sql`received_at < ${keep}` },
    { name: 'trusted_devices', table: trustedDevices, key: sql`id`, expired: sql`expires_at < ${now}` },
    // a visit to a store map: unusable once it lapsed (an order keeps its own copy of the store)
    { name: 'store_picks', table: storePicks, key: sql`trade_no`, expired: sql`expires_at < ${day}` },
    // the outbox's finished deliveries (the notifications themselves stay: they are the message centre)
    { name: 'notification_deliveries', table: notificationDeliveries, key: sql`id`, expired: sql`done_at < ${keep}` },
    // which server ran which period of a scheduled job: only the periods in progress matter
    { name: 'scheduled_runs', table: scheduledRuns, key: sql`(job, period_start)`, columns: sql`job, period_start`, expired: sql`started_at < ${day}` },
    // holds addresses and e-mails: kept no longer than the replay guards
    { name: 'login_attempts', table: loginAttempts, key: sql`id`, expired: sql`created_at < ${keep}` },
  ]
}

/**
 * Deletes what has outlived its use, in small batches; safe on several servers at once (a row
 * two servers both pick is deleted once). Answers the count deleted per table.
 */
export async function pruneExpired(db: Db, now: Date, retention: Retention): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {}
  for (const rule of rules(now, retention)) {
    let total = 0
    for (let i = 0; i < MAX_BATCHES; i++) {
      const result = await db.execute(
        sql`delete from ${rule.table} where ${rule.key} in (select ${rule.columns ?? rule.key} from ${rule.table} where ${rule.expired} limit ${BATCH})`,
      )
      const count = rowCount(result)
      total += count
      if (count < BATCH) break
    }
    deleted[rule.name] = total
  }
  return deleted
}

/** node-postgres says `rowCount`, PGlite `affectedRows`. */
const rowCount = (result: unknown) => {
  const r = result as { rowCount?: number | null; affectedRows?: number }
  return r.rowCount ?? r.affectedRows ?? 0
}
