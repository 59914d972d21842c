import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderEvents, orders, payments, stripeEvents } from '../../server/db/schema'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { listenCheckoutShop, type CheckoutShop, type Member } from './checkout-kit'
import { databaseTargets } from './harness'

const targets = await databaseTargets()

describe.each(targets)('the Stripe webhook endpoint on $kind', (target) => {
  let shop: CheckoutShop
  let m: Member
  beforeAll(async () => {
    const catalogue = smallCatalogue()
    catalogue.products.push(productRecord('HOOK-0001', { variants: [{ sku: 'HOOK-0001-A', label: { zh_tw: '1盒', en: '1 box', ja: '1箱' }, price: 300, stock_left: 100 }] }))
    shop = await listenCheckoutShop(target, { catalogue })
    m = await shop.member()
  })
  afterAll(() => shop?.close())

  const intentId = (order: { payment: { client_secret: string } }) => order.payment.client_secret.split('_secret_')[0]!
  const place = async () => (await m.checkout([shop.line('HOOK-0001-A', 1)])).body.data
  const state = async (no: string) => {
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.no, no))
    const events = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.order_id, order!.id))
    const [payment] = await shop.database.db.select().from(payments).where(eq(payments.order_id, order!.id))
    return { status: order!.status, payment: order!.payment_status, failure: payment!.failure_code, refund: payment!.refund_status, events: events.length, holds: order!.holds_stock }
  }
  /** An event as Stripe would send it, about a real intent of the sandbox. */
  const event = (type: string, object: unknown, created = Math.floor(Date.now() / 1000)) => ({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  })
  const deliver = async (body: unknown, secret = shop.keys.webhookSecret, signature?: string) => {
    const payload = typeof body === 'string' ? body : JSON.stringify(body)
    const res = await fetch(`${shop.url}/api/v1/payment/webhook/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
      body: payload,
    })
    return { status: res.status, body: await res.json() }
  }

  it('refuses a missing, wrong or stale signature and a changed body, changing nothing', async () => {
    const order = await place()
    const intent = await shop.stripe.paymentIntents.retrieve(intentId(order))
    const forged = event('payment_intent.succeeded', { ...intent, status: 'succeeded', amount_received: intent.amount })
    const before = await state(order.no)
    const payload = JSON.stringify(forged)
    const answers = [
      await deliver(forged, 'whsec_someone_else'),
      await deliver(forged, undefined, ''),
      await deliver(payload.replace('"livemode":false', '"livemode":true'), undefined, Stripe.webhooks.generateTestHeaderString({ payload, secret: shop.keys.webhookSecret })),
      await deliver(forged, undefined, Stripe.webhooks.generateTestHeaderString({ payload, secret: shop.keys.webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 3600 })),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(400)
      expect(answer.body.error).toMatchObject({ code: 'INVALID_SIGNATURE', message: 'Webhook 簽章無效。' })
    }
    expect(await state(order.no)).toEqual(before)
    expect(await shop.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, forged.id))).toEqual([])
  })

  it('handles each event once: a replay changes nothing', async () => {
    const order = await place()
    await shop.pay(order.payment.client_secret, 'pm_card_visa')
    await shop.settle()
    const paid = await shop.stripe.paymentIntents.retrieve(intentId(order))
    const succeeded = event('payment_intent.succeeded', paid)
    expect(await deliver(succeeded)).toEqual({ status: 200, body: { received: true, duplicate: false } })
    const after = await state(order.no)
    expect(after).toMatchObject({ payment: 'SUCCESSED' })
    for (let i = 0; i < 3; i++) expect((await deliver(succeeded)).body).toEqual({ received: true, duplicate: true })
    expect(await state(order.no)).toEqual(after)
  })

  it('never moves backwards: a late payment_failed or canceled after succeeded changes nothing', async () => {
    const order = await place()
    const intent = await shop.stripe.paymentIntents.retrieve(intentId(order))
    await shop.pay(order.payment.client_secret, 'pm_card_visa')
    await shop.settle()
    const paid = await state(order.no)
    expect(paid.payment).toBe('SUCCESSED')
    const failure = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }
    expect((await deliver(event('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method', last_payment_error: failure }))).status).toBe(200)
    expect((await deliver(event('payment_intent.canceled', { ...intent, status: 'canceled' }))).status).toBe(200)
    expect(await state(order.no)).toEqual(paid)
  })

  it('applies events in any order: success delivered before the failure of an earlier attempt stays a success', async () => {
    const order = await place()
    const declined = await shop.pay(order.payment.client_secret, 'pm_card_chargeDeclined')
    expect(declined.status).toBe(402)
    await shop.settle()
    expect((await state(order.no)).payment).toBe('FAILED')
    const again = (await m.call('POST', `/api/v1/ec-order/${order.no}/pay`)).body.data
    expect(again.payment_status).toBe('PROCESSING')
    // the first attempt's failure, delivered late (Stripe retried it): older than 'pay again', so ignored
    const old = event('payment_intent.payment_failed', declined.body.error.payment_intent, Math.floor(Date.now() / 1000) - 120)
    expect((await deliver(old)).status).toBe(200)
    expect((await state(order.no)).payment).toBe('PROCESSING')
    await shop.pay(again.payment.client_secret, 'pm_card_visa')
    await shop.settle()
    expect((await deliver(old)).body.duplicate).toBe(true)
    expect(await state(order.no)).toMatchObject({ payment: 'SUCCESSED', failure: null })
  })

  it('cancels an unpaid order whose intent was cancelled at Stripe, and records a refund once', async () => {
    const unpaid = await place()
    await shop.stripe.paymentIntents.cancel(intentId(unpaid), { cancellation_reason: 'requested_by_customer' })
    await shop.settle()
    expect(await state(unpaid.no)).toMatchObject({ status: 'CANCEL', holds: false })
    const events = await shop.database.db.select().from(orderEvents).where(and(eq(orderEvents.to_status, 'CANCEL'), eq(orderEvents.reason, 'The payment was cancelled.')))
    expect(events.length).toBeGreaterThanOrEqual(1)

    const order = await place()
    await shop.pay(order.payment.client_secret, 'pm_card_visa')
    await shop.settle()
    await shop.stripe.refunds.create({ payment_intent: intentId(order) })
    await shop.settle()
    const refunded = await state(order.no)
    expect(refunded).toMatchObject({ refund: 'REFUNDED', status: 'PROCESSING' })
    const charge = (await shop.stripe.paymentIntents.retrieve(intentId(order), { expand: ['latest_charge'] })).latest_charge as Stripe.Charge
    expect((await deliver(event('charge.refunded', charge))).body.duplicate).toBe(false)
    expect(await state(order.no)).toEqual(refunded)
  })

  it('accepts and records events it has no use for', async () => {
    const unknown = event('customer.created', { id: 'cus_1', object: 'customer' })
    expect((await deliver(unknown)).body).toEqual({ received: true, duplicate: false })
    const stray = event('payment_intent.succeeded', { id: 'pi_not_ours', object: 'payment_intent', metadata: {}, amount: 100, amount_received: 100, status: 'succeeded' })
    expect((await deliver(stray)).status).toBe(200)
    expect(await shop.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, unknown.id))).toHaveLength(1)
  })
})
