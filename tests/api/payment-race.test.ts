import { randomBytes } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications, orderEvents, orders, payments } from '../../server/db/schema'
import type { Logger } from '../../server/lib/logger'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { listenCheckoutShop, type CheckoutShop } from './checkout-kit'
import { databaseTargets } from './harness'

const targets = await databaseTargets()

const ROUNDS = 24
const READERS = 4
/** deadlock_detected and serialization_failure, as the driver reports them (drizzle wraps the driver's error as the cause) */
const CONFLICTS = new Set(['40P01', '40001'])
const sqlStates = (error: unknown): string[] => {
  const codes: string[] = []
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') codes.push(code)
  }
  return codes
}

/**
 * Issue 22: a payment_intent.succeeded webhook failed with a deadlock (40P01) while the shopper's
 * page read the order. Each round declines the first card, then at once: the shopper presses
 * "pay again", the browser confirms the intent with a good card, the sandbox and a second sender
 * deliver payment_intent.succeeded, and the shopper's page reads the order (each read looks a
 * PROCESSING payment up at Stripe and applies what it finds). Half the rounds let the decline's
 * webhook arrive first; in the other half it arrives during the race.
 * Decision 48: docs/decisions/0048-lock-order-and-transaction-retry.md.
 */
describe.each(targets)('webhook, confirm, pay again and the shopper’s reads racing, on $kind', (target) => {
  let shop: CheckoutShop
  const logged: string[] = []
  /** deadlocks and serialization failures met by any transaction, retried or not */
  const conflicts: string[] = []
  const record = (level: string) => (message: string, extra?: Record<string, unknown>) => void logged.push(`${level}: ${message} ${JSON.stringify(extra ?? {})}`)
  const logger: Logger = { debug: () => undefined, info: () => undefined, warn: record('warn'), error: record('error') }

  beforeAll(async () => {
    const catalogue = smallCatalogue()
    catalogue.products.push(productRecord('RACE-0001', { variants: [{ sku: 'RACE-0001-A', label: { zh_tw: '1盒', en: '1 box', ja: '1箱' }, price: 300, stock_left: 1000 }] }))
    shop = await listenCheckoutShop(target, { catalogue, logger })
    const db = shop.database.db
    const begin = db.transaction.bind(db)
    db.transaction = (async (...args: Parameters<typeof begin>) => {
      try {
        return await begin(...args)
      } catch (error) {
        conflicts.push(...sqlStates(error).filter((code) => CONFLICTS.has(code)))
        throw error
      }
    }) as typeof db.transaction
  })
  afterAll(() => shop?.close())

  const deliver = async (type: string, object: unknown) => {
    const payload = JSON.stringify({ id: `evt_${randomBytes(12).toString('hex')}`, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), data: { object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type })
    const res = await fetch(`${shop.url}/api/v1/payment/webhook/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: shop.keys.webhookSecret }) },
      body: payload,
    })
    return { status: res.status, body: await res.json() }
  }

  it(`answers no 500 and pays each order once, ${ROUNDS} times`, async () => {
    const answers: { round: number; what: string; status: number; body: unknown }[] = []
    const placed: string[] = []
    for (let round = 0; round < ROUNDS; round++) {
      // a member of their own each round: an order left unpaid is found below, not by the unpaid-order cap
      const m = await shop.member()
      const checkout = await m.checkout([shop.line('RACE-0001-A', 1)])
      expect(checkout.status, JSON.stringify(checkout.body)).toBe(201)
      const order = checkout.body.data
      placed.push(order.no)
      const intentId = order.payment.client_secret.split('_secret_')[0]
      expect((await shop.pay(order.payment.client_secret, 'pm_card_chargeDeclined')).status).toBe(402)
      if (round % 2 === 0) await shop.settle()
      const note = (what: string) => (answer: { status: number; body: unknown }) => void answers.push({ round, what, ...answer })
      const read = () => m.call('GET', `/api/v1/ec-order/${order.no}`).then(note('read'))
      await Promise.all([
        m.call('POST', `/api/v1/ec-order/${order.no}/pay`).then(note('pay again')),
        shop.pay(order.payment.client_secret, 'pm_card_visa').then(async (confirmed) => {
          note('confirm')(confirmed)
          const intent = await shop.stripe.paymentIntents.retrieve(intentId)
          await Promise.all([deliver('payment_intent.succeeded', intent).then(note('webhook')), ...Array.from({ length: READERS }, read)])
        }),
      ])
    }
    await shop.settle()

    expect(answers.filter((a) => a.status >= 500)).toEqual([])
    expect(logged).toEqual([])
    // not even one retried by the transaction helper: the lock order of decision 48 holds on its own
    expect(conflicts).toEqual([])
    // "pay again" is refused once the payment has succeeded: both answers are right in a race
    for (const a of answers) expect([200, 409], `${a.what} in round ${a.round}: ${JSON.stringify(a.body)}`).toContain(a.status)
    expect(answers.filter((a) => a.what === 'confirm' || a.what === 'read' || a.what === 'webhook').every((a) => a.status === 200)).toBe(true)
    expect(answers.filter((a) => a.what === 'read')).toHaveLength(ROUNDS * READERS)

    for (const no of placed) {
      const [order] = await shop.database.db.select().from(orders).where(eq(orders.no, no))
      expect(order, no).toMatchObject({ status: 'PROCESSING', payment_status: 'SUCCESSED', holds_stock: true })
      expect(order!.paid_at, no).not.toBeNull()
      const rows = await shop.database.db.select().from(payments).where(eq(payments.order_id, order!.id))
      expect(rows.map((p) => [p.status, p.failure_code, p.refund_status]), no).toEqual([['SUCCESSED', null, null]])
      // one chain of changes, each from the state the last one left, succeeding once at the end
      const steps = await shop.database.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.order_id, order!.id), eq(orderEvents.subject, 'payment')))
        .orderBy(asc(orderEvents.id))
      steps.forEach((step, i) => expect(step.from_status, `${no}: ${JSON.stringify(steps)}`).toBe(i === 0 ? null : steps[i - 1]!.to_status))
      expect(steps.filter((s) => s.to_status === 'SUCCESSED'), no).toHaveLength(1)
      expect(steps.at(-1)!.to_status).toBe('SUCCESSED')
      expect(await shop.database.db.select().from(notifications).where(eq(notifications.dedupe_key, `order_paid:${order!.id}`)), no).toHaveLength(1)
    }
  })
})
