import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import * as schema from '../../server/db/schema'
import { createLogger } from '../../server/lib/logger'
import { Housekeeper } from '../../server/modules/housekeeping/housekeeper'
import { databaseTargets, freshDatabase } from './harness'

const targets = await databaseTargets()
const NOW = new Date('2026-11-21T09:00:00Z')
const DAY = 86_400_000
const ago = (days: number) => new Date(NOW.getTime() - days * DAY)
const ahead = (days: number) => new Date(NOW.getTime() + days * DAY)

describe.each(targets)('housekeeping on $kind', (target) => {
  let database: Database
  let userId: number
  beforeAll(async () => {
    database = await freshDatabase(target)
    const db = database.db
    const [user] = await db
      .insert(schema.users)
      .values({ email: 'keeper@example.com', first_name: 'A', last_name: 'B', referrer_code: 'KEEPER01' })
      .returning()
    userId = user!.id
    // for each table: a record past its time ("old") and one still needed ("new")
    await db.insert(schema.rateLimits).values([
      { key: 'old', window_start: ago(2), count: 3 },
      { key: 'new', window_start: ago(0.01), count: 3 },
    ])
    await db.insert(schema.signInLocks).values([
      { key: 'old', failures: 2, updated_at: ago(2) },
      { key: 'new', failures: 2, updated_at: ago(0.01) },
      // still locked: kept whatever its age
      { key: 'locked', failures: 3, updated_at: ago(2), locked_until: ahead(1) },
    ])
    await db.insert(schema.oauthStates).values([
      { state: 'old', provider: 'google', code_verifier: 'v', source: 'ec', locale: 'en', created_at: ago(2) },
      { state: 'new', provider: 'google', code_verifier: 'v', source: 'ec', locale: 'en', created_at: ago(0.01) },
    ])
    await db.insert(schema.authTokens).values([
      { user_id: userId, token_hash: 'old', method: 'GENERAL', created_at: ago(90), expires_at: ago(31) },
      { user_id: userId, token_hash: 'revoked', method: 'GENERAL', created_at: ago(90), expires_at: ahead(9), revoked_at: ago(31) },
      { user_id: userId, token_hash: 'new', method: 'GENERAL', created_at: ago(1), expires_at: ahead(29) },
      // expired only lately: kept for the retention, so a member still sees why they were signed out
      { user_id: userId, token_hash: 'lately', method: 'GENERAL', created_at: ago(40), expires_at: ago(5) },
    ])
    await db.insert(schema.oneTimeTokens).values([
      { purpose: 'reset_password', token_hash: 'old', user_id: userId, created_at: ago(32), expires_at: ago(31) },
      { purpose: 'reset_password', token_hash: 'new', user_id: userId, created_at: ago(1), expires_at: ago(0.9) },
    ])
    await db.insert(schema.idempotentRequests).values([
      { user_id: userId, key: 'old', status: 200, response: {}, created_at: ago(31) },
      { user_id: userId, key: 'new', status: 200, response: {}, created_at: ago(29) },
    ])
    await db.insert(schema.orderRequests).values([
      { user_id: userId, key: 'old', body_hash: 'h', created_at: ago(31) },
      { user_id: userId, key: 'new', body_hash: 'h', created_at: ago(29) },
    ])
    await db.insert(schema.stripeEvents).values([
      { id: 'old', type: 'payment_intent.succeeded', received_at: ago(31) },
      { id: 'new', type: 'payment_intent.succeeded', received_at: ago(3) },
    ])
    await db.insert(schema.trustedDevices).values([
      { user_id: userId, token_hash: 'old', created_at: ago(400), last_used_at: ago(380), expires_at: ago(1) },
      { user_id: userId, token_hash: 'new', created_at: ago(10), last_used_at: ago(1), expires_at: ahead(300) },
    ])
    await db.insert(schema.loginAttempts).values([
      { user_id: userId, email: 'old@example.com', outcome: 'FAILED', created_at: ago(31) },
      { user_id: userId, email: 'new@example.com', outcome: 'FAILED', created_at: ago(1) },
    ])
    await db.insert(schema.scheduledRuns).values([
      { job: 'order-sweep', period_start: ago(2), server: 'a:1', started_at: ago(2) },
      { job: 'order-sweep', period_start: ago(0.01), server: 'b:2', started_at: ago(0.01) },
    ])
    const [note] = await db
      .insert(schema.notifications)
      .values({ user_id: userId, type: 'order_paid', payload: { order_no: 'x' }, url: null, dedupe_key: 'keeper', created_at: ago(40) })
      .returning()
    await db.insert(schema.notificationDeliveries).values([
      { notification_id: note!.id, channel: 'realtime', due_at: ago(40), done_at: ago(31) },
      // done lately: kept
      { notification_id: note!.id, channel: 'push', due_at: ago(40), done_at: ago(1) },
    ])
  })
  afterAll(() => database?.close())

  const remaining = async (table: string, column: string) => {
    const result = await database.db.execute(sql.raw(`select ${column} as k from ${table} order by 1`))
    return ((result as unknown as { rows: { k: string }[] }).rows ?? []).map((r) => String(r.k))
  }

  it('deletes what has outlived its use and keeps the rest', async () => {
    const keeper = new Housekeeper({ db: database.db, clock: () => NOW, logger: createLogger('silent'), retention: { days: 30 } })
    const deleted = await keeper.run()
    expect(deleted).toMatchObject({
      rate_limits: 1,
      sign_in_locks: 1,
      oauth_states: 1,
      auth_tokens: 2,
      one_time_tokens: 1,
      idempotent_requests: 1,
      order_requests: 1,
      stripe_events: 1,
      trusted_devices: 1,
      login_attempts: 1,
      scheduled_runs: 1,
      notification_deliveries: 1,
    })
    expect(await remaining('rate_limits', 'key')).toEqual(['new'])
    expect(await remaining('sign_in_locks', 'key')).toEqual(['locked', 'new'])
    expect(await remaining('oauth_states', 'state')).toEqual(['new'])
    expect(await remaining('auth_tokens', 'token_hash')).toEqual(['lately', 'new'])
    expect(await remaining('one_time_tokens', 'token_hash')).toEqual(['new'])
    expect(await remaining('idempotent_requests', 'key')).toEqual(['new'])
    expect(await remaining('order_requests', 'key')).toEqual(['new'])
    expect(await remaining('stripe_events', 'id')).toEqual(['new'])
    expect(await remaining('trusted_devices', 'token_hash')).toEqual(['new'])
    expect(await remaining('login_attempts', 'email')).toEqual(['new@example.com'])
    expect(await remaining('notification_deliveries', 'channel')).toEqual(['push'])
    // the notification itself stays: it is the member's message centre
    expect(await remaining('notifications', 'dedupe_key')).toEqual(['keeper'])
    // a second pass finds nothing more
    expect(Object.values(await keeper.run()).every((n) => n === 0)).toBe(true)
  })

  it('deletes in batches until a large backlog is gone', async () => {
    const rows = Array.from({ length: 1_234 }, (_, i) => ({ key: `bulk-${i}`, window_start: ago(3), count: 1 }))
    for (let i = 0; i < rows.length; i += 500) await database.db.insert(schema.rateLimits).values(rows.slice(i, i + 500))
    const keeper = new Housekeeper({ db: database.db, clock: () => NOW, logger: createLogger('silent'), retention: { days: 30 } })
    expect((await keeper.run()).rate_limits).toBe(1_234)
    expect(await remaining('rate_limits', 'key')).toEqual(['new'])
  })

  it('honours a longer retention', async () => {
    await database.db.insert(schema.stripeEvents).values({ id: 'forty', type: 'charge.refunded', received_at: ago(40) })
    const keeper = new Housekeeper({ db: database.db, clock: () => NOW, logger: createLogger('silent'), retention: { days: 60 } })
    await keeper.run()
    expect(await remaining('stripe_events', 'id')).toEqual(['forty', 'new'])
  })
})
