import { readFileSync } from 'node:fs'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_NO_PATTERN } from '../../contract/order'
import { ORDER_TRANSITIONS, PAYMENT_TRANSITIONS } from '../../contract/order-states'
import { cartItems, couponRedemptions, coupons, orderEvents, orders, payments, variants } from '../../server/db/schema'
import { completeOrder, shipOrder } from '../../server/modules/order/service'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { listenCheckoutShop, type CheckoutShop, type Member } from './checkout-kit'
import { databaseTargets } from './harness'
import { orderEffects } from '../../server/flows/order-effects'

const targets = await databaseTargets()

function catalogue() {
  const file = smallCatalogue()
  file.products.push(
    productRecord('LIM-0001', { variants: [{ sku: 'LIM-0001-A', label: { zh_tw: '1盒', en: '1 box', ja: '1箱' }, price: 480, stock_left: 5 }] }),
    productRecord('EXP-0001', { variants: [{ sku: 'EXP-0001-A', label: { zh_tw: '1盒', en: '1 box', ja: '1箱' }, price: 200, stock_left: 50 }] }),
    productRecord('GEN-0001', { variants: [{ sku: 'GEN-0001-A', label: { zh_tw: '1盒', en: '1 box', ja: '1箱' }, price: 300, stock_left: 500 }] }),
  )
  return file
}

describe.each(targets)('orders on $kind', (target) => {
  let shop: CheckoutShop
  beforeAll(async () => {
    shop = await listenCheckoutShop(target, { catalogue: catalogue() })
  })
  afterAll(() => shop?.close())

  const stockOf = async (sku: string) => (await shop.database.db.select({ n: variants.stock_left }).from(variants).where(eq(variants.sku, sku)))[0]!.n
  const intentOf = (order: { payment: { client_secret: string } }) => order.payment.client_secret.split('_secret_')[0]!
  const orderRow = async (no: string) => (await shop.database.db.select().from(orders).where(eq(orders.no, no)))[0]!
  async function paidOrder(m: Member, lines = [shop.line('GEN-0001-A', 1)]) {
    const placed = await m.checkout(lines)
    expect(placed.status).toBe(201)
    expect((await shop.pay(placed.body.data.payment.client_secret, 'pm_card_visa')).status).toBe(200)
    await shop.settle()
    return (await m.call('GET', `/api/v1/ec-order/${placed.body.data.no}`)).body.data
  }

  it('tells the PWA how to take card payments', async () => {
    const { body } = await shop.request('GET', '/api/v1/config')
    expect(body.data.payment).toEqual({ provider: 'stripe', publishable_key: shop.keys.publishableKey, sandbox: true })
    expect(JSON.stringify(body)).not.toContain(shop.keys.secretKey)
    expect(JSON.stringify(body)).not.toContain(shop.keys.webhookSecret)
  })

  it('prices the order on the server, takes the stock, empties the ordered cart lines and is paid through Stripe', async () => {
    const m = await shop.member()
    await m.call('POST', '/api/v1/cart', shop.line('SNK-0001-A', 2))
    await m.call('POST', '/api/v1/cart', shop.line('TEA-0001-A', 1))
    const before = await stockOf('SNK-0001-A')
    const placed = await m.checkout([{ ...shop.line('SNK-0001-A', 2), price: 1, line_total: 1 } as never], { amount: 1, subtotal: 1, discount: 999 })
    expect(placed.status).toBe(201)
    const order = placed.body.data
    expect(order.no).toMatch(ORDER_NO_PATTERN)
    expect(order).toMatchObject({
      order_status: 'PROCESSING',
      payment_status: 'PROCESSING',
      items: [{ name: 'Takoyaki rice crackers', variant_label: '8 pieces', price: 280, quantity: 2, line_total: 560, stock_type: 'OFF_SHELF' }],
      subtotal: 560,
      discount: 0,
      logistics_fee: 100,
      tax: 31,
      amount: 660,
      shipment_type: 'home',
      recipient: { name: '王小明', phone: '0912345678', county: '臺北市', district: '大安區' },
      invoice: { mode: 'personal', carrier_type: 'none' },
      payment: { attempts: 1, client_secret: expect.stringMatching(/^pi_\w+_secret_\w+$/), paid_at: null },
      actions: { pay: true, cancel: true, track: false },
    })
    // ORDER_PAYMENT_MINUTES' default (decision 61)
    expect(new Date(order.payment.pay_before).getTime() - new Date(order.created_at).getTime()).toBe(15 * 60_000)
    expect(await stockOf('SNK-0001-A')).toBe(before - 2)
    expect((await m.call('GET', '/api/v1/cart')).body.data.map((l: { type: string }) => l.type)).toEqual(['40 g tin'])
    const intent = await shop.stripe.paymentIntents.retrieve(intentOf(order))
    expect(intent).toMatchObject({ amount: 66_000, currency: 'twd', metadata: { order_no: order.no, attempt: '1' }, status: 'requires_payment_method' })

    const confirmed = await shop.pay(order.payment.client_secret, 'pm_card_visa')
    expect(confirmed.body.status).toBe('succeeded')
    await shop.settle()
    const paid = (await m.call('GET', `/api/v1/ec-order/${order.no}`)).body.data
    expect(paid).toMatchObject({ payment_status: 'SUCCESSED', payment: { client_secret: null, paid_at: expect.any(String) }, actions: { pay: false, cancel: true } })
    expect((await m.call('GET', `/api/v1/ec-order/${order.no}`, undefined, { 'x-localization': 'ja' })).body.data.items[0].name).toBe('たこ焼きせんべい')
  })

  it('needs an Idempotency-Key, and one key gives one order however often and however concurrently it is sent', async () => {
    const m = await shop.member()
    const body = { lines: [shop.line('GEN-0001-A', 3)], recipient: { name: '林美', phone: '02-2345-6789', zip_code: '106', county: '台北市', district: '大安區', address: '敦化南路 1 號' }, invoice: { mode: 'personal', carrier_type: 'none', email: 'lin@example.tw', name: '林美' } }
    const missing = await m.call('POST', '/api/v1/ec-order', body)
    expect(missing.status).toBe(400)
    expect(missing.body.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED')
    const before = await stockOf('GEN-0001-A')
    const answers = await Promise.all(Array.from({ length: 6 }, () => m.call('POST', '/api/v1/ec-order', body, { 'idempotency-key': 'double-click-1' })))
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201))
    expect(new Set(answers.map((a) => a.body.data.no)).size).toBe(1)
    expect(new Set(answers.map((a) => a.body.data.payment.client_secret)).size).toBe(1)
    expect(await stockOf('GEN-0001-A')).toBe(before - 3)
    expect(await shop.database.db.select().from(orders).where(eq(orders.user_id, m.id))).toHaveLength(1)
    const reused = await m.call('POST', '/api/v1/ec-order', { ...body, lines: [shop.line('GEN-0001-A', 4)] }, { 'idempotency-key': 'double-click-1' })
    expect(reused.status).toBe(422)
    expect(reused.body.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was already used for a different order.' })
    const bad = await m.call('POST', '/api/v1/ec-order', { ...body, recipient: undefined }, { 'idempotency-key': 'no-recipient' })
    expect(bad.status).toBe(400)
    expect(bad.body.error.detail).toEqual({ recipient: ['give either a saved recipient (recipient_id) or a recipient, not both'] })
    expect(await stockOf('GEN-0001-A')).toBe(before - 3)
  })

  it('sells 5 in stock to exactly 5 of 30 concurrent checkouts', async () => {
    // three attempts a member: within MAX_UNPAID_ORDERS, so only the stock, or a member's share of
    // what is left (decision 61: at most 3 of 5, 2 of 3), can refuse them
    const members = await Promise.all(Array.from({ length: 10 }, () => shop.member()))
    const attempts = await Promise.all(members.flatMap((m) => Array.from({ length: 3 }, () => m.checkout([shop.line('LIM-0001-A', 1)]))))
    expect(attempts.filter((a) => a.status === 201)).toHaveLength(5)
    const refused = attempts.filter((a) => a.status !== 201)
    expect(refused).toHaveLength(25)
    for (const r of refused) expect(['OUT_OF_STOCK', 'VARIANT_HOLD_LIMIT']).toContain(r.body.error.code)
    expect(await stockOf('LIM-0001-A')).toBe(0)
    const [held] = await shop.database.db.execute<{ n: number }>(
      sql`select coalesce(sum(l.quantity), 0)::int as n from order_lines l join orders o on o.id = l.order_id where o.holds_stock and l.variant_id = ${shop.ids['LIM-0001-A']!.variant_id}`,
    ).then((r: unknown) => ((r as { rows?: { n: number }[] }).rows ?? (r as { n: number }[])))
    expect(held!.n).toBe(5)
  })

  it('shows and acts on a member’s own orders only', async () => {
    const a = await shop.member()
    const b = await shop.member()
    const order = (await a.checkout([shop.line('GEN-0001-A', 1)])).body.data
    for (const [method, path] of [
      ['GET', `/api/v1/ec-order/${order.no}`],
      ['POST', `/api/v1/ec-order/${order.no}/pay`],
      ['POST', `/api/v1/ec-order/${order.no}/cancel`],
    ] as const) {
      const answer = await b.call(method, path)
      expect(answer.status, `${method} ${path}`).toBe(404)
      expect(answer.body.error.code).toBe('NOT_FOUND')
    }
    expect((await b.call('GET', '/api/v1/ec-order')).body).toMatchObject({ data: [], total: 0 })
    expect((await shop.request('GET', `/api/v1/ec-order/${order.no}`)).status).toBe(401)
    expect((await orderRow(order.no)).status).toBe('PROCESSING')
    expect((await a.call('GET', '/api/v1/ec-order/not-a-number')).status).toBe(400)
  })

  it('declined card: FAILED, then pay again, then SUCCESSED; a paid order cannot be paid again', async () => {
    const m = await shop.member()
    const order = (await m.checkout([shop.line('GEN-0001-A', 2)])).body.data
    const declined = await shop.pay(order.payment.client_secret, 'pm_card_chargeDeclined')
    expect(declined.status).toBe(402)
    await shop.settle()
    const failed = (await m.call('GET', `/api/v1/ec-order/${order.no}`)).body.data
    expect(failed).toMatchObject({ payment_status: 'FAILED', payment: { failure_code: 'generic_decline', failure_message: 'Your card was declined.', client_secret: null }, actions: { pay: true } })

    const again = await m.call('POST', `/api/v1/ec-order/${order.no}/pay`)
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({ payment_status: 'PROCESSING', payment: { attempts: 2, failure_code: null } })
    expect(intentOf(again.body.data)).toBe(intentOf(order))
    expect((await m.call('POST', `/api/v1/ec-order/${order.no}/pay`)).body.data.payment.attempts).toBe(2)
    const poor = await shop.pay(again.body.data.payment.client_secret, 'pm_card_chargeDeclinedInsufficientFunds')
    expect(poor.body.error.decline_code).toBe('insufficient_funds')
    await shop.settle()
    expect((await m.call('GET', `/api/v1/ec-order/${order.no}`)).body.data.payment.failure_code).toBe('insufficient_funds')
    const third = await m.call('POST', `/api/v1/ec-order/${order.no}/pay`)
    expect((await shop.pay(third.body.data.payment.client_secret, 'pm_card_visa')).status).toBe(200)
    await shop.settle()
    const paid = (await m.call('GET', `/api/v1/ec-order/${order.no}`)).body.data
    expect(paid).toMatchObject({ payment_status: 'SUCCESSED', payment: { attempts: 3 } })
    const once = await m.call('POST', `/api/v1/ec-order/${order.no}/pay`)
    expect(once.status).toBe(409)
    expect(once.body.error).toMatchObject({ code: 'PAYMENT_TRANSITION_NOT_ALLOWED', detail: { from: ['SUCCESSED'], to: ['PROCESSING'] } })
    const steps = await shop.database.db.select().from(orderEvents).where(and(eq(orderEvents.order_id, (await orderRow(order.no)).id), eq(orderEvents.subject, 'payment'))).orderBy(asc(orderEvents.id))
    expect(steps.map((s) => `${s.from_status}>${s.to_status}:${s.actor}`)).toEqual([
      'null>PROCESSING:member',
      'PROCESSING>FAILED:stripe',
      'FAILED>PROCESSING:member',
      'PROCESSING>FAILED:stripe',
      'FAILED>PROCESSING:member',
      'PROCESSING>SUCCESSED:stripe',
    ])
  })

  it('pay again before the decline’s webhook arrived: the decline is recorded from Stripe, and the late event does not fail the new attempt', async () => {
    const m = await shop.member()
    const order = (await m.checkout([shop.line('GEN-0001-A', 1)])).body.data
    const declined = await shop.pay(order.payment.client_secret, 'pm_card_chargeDeclined')
    expect(declined.status).toBe(402)
    // the member presses "Pay again" at once: the webhook is still on its way
    const again = await m.call('POST', `/api/v1/ec-order/${order.no}/pay`)
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({ payment_status: 'PROCESSING', payment: { attempts: 2, failure_code: null } })
    expect(again.body.data.payment.client_secret).toEqual(expect.any(String))
    // now the decline's event arrives
    await shop.settle()
    expect((await m.call('GET', `/api/v1/ec-order/${order.no}`)).body.data).toMatchObject({ payment_status: 'PROCESSING', payment: { attempts: 2 } })
    expect((await shop.pay(again.body.data.payment.client_secret, 'pm_card_visa')).status).toBe(200)
    await shop.settle()
    expect((await m.call('GET', `/api/v1/ec-order/${order.no}`)).body.data).toMatchObject({ payment_status: 'SUCCESSED', payment: { attempts: 2 } })
    const steps = await shop.database.db.select().from(orderEvents).where(and(eq(orderEvents.order_id, (await orderRow(order.no)).id), eq(orderEvents.subject, 'payment'))).orderBy(asc(orderEvents.id))
    expect(steps.map((s) => `${s.from_status}>${s.to_status}:${s.actor}`)).toEqual(['null>PROCESSING:member', 'PROCESSING>FAILED:stripe', 'FAILED>PROCESSING:member', 'PROCESSING>SUCCESSED:stripe'])
  })

  it('cancelling an unpaid order gives back its stock and coupon and cancels its payment intent', async () => {
    await shop.database.db.insert(coupons).values({ code: 'ONLYONE', title: { zh_tw: '唯一', en: 'Only one', ja: '一回' }, kind: 'fixed', value: 50, total_limit: 1 })
    const m = await shop.member()
    const other = await shop.member()
    const before = await stockOf('GEN-0001-A')
    const order = (await m.checkout([shop.line('GEN-0001-A', 2)], { coupon_code: 'onlyone' })).body.data
    expect(order).toMatchObject({ discount: 50, amount: 650, coupon: { code: 'ONLYONE', title: 'Only one' } })
    const taken = await other.checkout([shop.line('GEN-0001-A', 1)], { coupon_code: 'ONLYONE' })
    expect(taken.body.error).toMatchObject({ code: 'COUPON_INVALID', detail: { reason: ['COUPON_USED_UP'] } })

    const cancelled = await m.call('POST', `/api/v1/ec-order/${order.no}/cancel`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.data).toMatchObject({ order_status: 'CANCEL', cancel_reason: 'Cancelled by the member.', refund: null, actions: { pay: false, cancel: false } })
    expect(await stockOf('GEN-0001-A')).toBe(before)
    expect((await shop.stripe.paymentIntents.retrieve(intentOf(order))).status).toBe('canceled')
    expect((await m.call('POST', `/api/v1/ec-order/${order.no}/cancel`)).body.data.order_status).toBe('CANCEL')
    expect(await stockOf('GEN-0001-A')).toBe(before)
    const payAfter = await m.call('POST', `/api/v1/ec-order/${order.no}/pay`)
    expect(payAfter.body.error.code).toBe('PAYMENT_TRANSITION_NOT_ALLOWED')
    expect((await other.checkout([shop.line('GEN-0001-A', 1)], { coupon_code: 'ONLYONE' })).status).toBe(201)
    await shop.settle()
    expect((await orderRow(order.no)).status).toBe('CANCEL')
    expect((await m.call('GET', '/api/v1/ec-order/history')).body.data.map((o: { no: string }) => o.no)).toContain(order.no)
  })

  it('cancelling a paid order refunds it through Stripe', async () => {
    const m = await shop.member()
    const before = await stockOf('GEN-0001-A')
    const paid = await paidOrder(m, [shop.line('GEN-0001-A', 4)])
    expect(await stockOf('GEN-0001-A')).toBe(before - 4)
    const cancelled = await m.call('POST', `/api/v1/ec-order/${paid.no}/cancel`)
    expect(cancelled.body.data).toMatchObject({ order_status: 'CANCEL', payment_status: 'SUCCESSED', refund: { status: 'REFUNDED', amount: 1300 } })
    expect(await stockOf('GEN-0001-A')).toBe(before)
    const charge = (await shop.stripe.paymentIntents.retrieve(intentOf({ payment: { client_secret: (await shop.database.db.select().from(payments).where(eq(payments.order_id, (await orderRow(paid.no)).id)))[0]!.client_secret! } }), { expand: ['latest_charge'] })).latest_charge as { amount_refunded: number; refunded: boolean }
    expect(charge).toMatchObject({ amount_refunded: 130_000, refunded: true })
    await shop.settle()
    const refunds = await shop.database.db.select().from(orderEvents).where(and(eq(orderEvents.order_id, (await orderRow(paid.no)).id), eq(orderEvents.subject, 'refund'))).orderBy(asc(orderEvents.id))
    expect(refunds.map((r) => [r.to_status, r.actor])).toEqual([
      ['PENDING', 'member'],
      ['REFUNDED', 'stripe'],
    ])
  })

  it('expires unpaid orders after ORDER_PAYMENT_MINUTES: intent cancelled, stock and coupon given back; paid orders stay', async () => {
    await shop.database.db.insert(coupons).values({ code: 'EXPIRY1', title: { zh_tw: '一', en: 'One', ja: '一' }, kind: 'fixed', value: 10, total_limit: 1 })
    const m = await shop.member()
    const before = await stockOf('EXP-0001-A')
    const unpaid = (await m.checkout([shop.line('EXP-0001-A', 1)], { coupon_code: 'EXPIRY1' })).body.data
    const failed = (await m.checkout([shop.line('EXP-0001-A', 1)])).body.data
    await shop.pay(failed.payment.client_secret, 'pm_card_chargeDeclined')
    const paid = await paidOrder(m, [shop.line('EXP-0001-A', 1)])
    await shop.settle()
    // just placed: nothing to remind of or expire yet
    expect(await shop.workers.sweeper.sweep()).toEqual({ reminded: 0, invited: 0, expired: 0, refunded: 0 })
    const unpaidNow = await shop.database.db.select().from(orders).where(and(eq(orders.status, 'PROCESSING'), sql`${orders.payment_status} <> 'SUCCESSED'`))
    shop.clock.advance(31 * 60_000)
    // two sweepers at once, as on two servers: each order expires once
    await Promise.all([shop.workers.sweeper.sweep(), shop.workers.sweeper.sweep()])
    await shop.settle()
    for (const o of unpaidNow) {
      expect(await orderRow(o.no)).toMatchObject({ status: 'CANCEL', holds_stock: false })
      const cancels = await shop.database.db.select().from(orderEvents).where(and(eq(orderEvents.order_id, o.id), eq(orderEvents.to_status, 'CANCEL')))
      expect(cancels).toHaveLength(1)
    }
    expect(await stockOf('EXP-0001-A')).toBe(before - 1)
    for (const o of [unpaid, failed]) {
      const row = await orderRow(o.no)
      expect(row).toMatchObject({ status: 'CANCEL', cancel_reason: 'Not paid in time.', holds_stock: false })
      expect((await shop.stripe.paymentIntents.retrieve(intentOf(o))).status).toBe('canceled')
    }
    expect((await orderRow(paid.no)).status).toBe('PROCESSING')
    const redemption = await shop.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.order_id, (await orderRow(unpaid.no)).id))
    expect(redemption[0]!.released_at).not.toBeNull()
    expect((await m.call('GET', `/api/v1/ec-order/${unpaid.no}`, undefined, { 'x-localization': 'zh_tw' })).body.data.cancel_reason).toBe('未於期限內完成付款。')
    shop.clock.offset = 0
  })

  it('brings a payment up to date when its webhook is late or lost', async () => {
    const m = await shop.member()
    const order = (await m.checkout([shop.line('GEN-0001-A', 1)])).body.data
    await shop.payments.sandbox!.stop()
    await shop.pay(order.payment.client_secret, 'pm_card_visa')
    expect((await orderRow(order.no)).payment_status).toBe('PROCESSING')
    const read = (await m.call('GET', `/api/v1/ec-order/${order.no}`)).body.data
    expect(read.payment_status).toBe('SUCCESSED')
    await shop.payments.sandbox!.start()
    await shop.settle()
    expect((await orderRow(order.no)).payment_status).toBe('SUCCESSED')
  })

  it('lets operators ship and complete paid orders only, refuses other transitions with 409 and records each change', async () => {
    const m = await shop.member()
    const deps = { db: shop.database.db, clock: shop.clock.now }
    const unpaid = (await m.checkout([shop.line('GEN-0001-A', 1)])).body.data
    const paid = await paidOrder(m)
    const orderDeps = { ...deps, config: shop.config, logger: { debug() {}, info() {}, warn() {}, error() {} }, gateway: undefined as never, orderEffects: orderEffects(shop.config) }
    await expect(shipOrder(orderDeps, unpaid.no, { tracking: '9001', carrier: 'tcat' }, null)).rejects.toMatchObject({ code: 'ORDER_TRANSITION_NOT_ALLOWED', status: 409 })
    await expect(completeOrder(orderDeps, paid.no, null)).rejects.toMatchObject({ code: 'ORDER_TRANSITION_NOT_ALLOWED', detail: { from: ['PROCESSING'], to: ['COMPLETED'] } })
    const shipped = await shipOrder(orderDeps, paid.no, { tracking: '901230160565', carrier: 'tcat' }, null)
    expect(shipped).toMatchObject({ order_status: 'TRANSPORTING', shipment: { carrier: { code: 'tcat' }, tracking_no: '901230160565', tracking_url: 'https://www.t-cat.com.tw/Inquire/TraceDetail.aspx?BillID=901230160565' }, actions: { cancel: false, track: true } })
    const refused = await m.call('POST', `/api/v1/ec-order/${paid.no}/cancel`)
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatchObject({ code: 'ORDER_TRANSITION_NOT_ALLOWED', message: 'This change is not allowed in the order’s current state.', detail: { from: ['TRANSPORTING'], to: ['CANCEL'] } })
    await completeOrder(orderDeps, paid.no, 'signed for by the member')
    const done = (await m.call('GET', `/api/v1/ec-order/${paid.no}`)).body.data
    expect(done).toMatchObject({ order_status: 'COMPLETED', actions: { track: true, pay: false, cancel: false }, shipment: { completed_at: expect.any(String) } })
    const steps = await shop.database.db.select().from(orderEvents).where(and(eq(orderEvents.order_id, (await orderRow(paid.no)).id), eq(orderEvents.subject, 'order'))).orderBy(asc(orderEvents.id))
    expect(steps.map((s) => [s.from_status, s.to_status, s.actor, s.reason])).toEqual([
      [null, 'PROCESSING', 'member', 'checkout'],
      ['PROCESSING', 'TRANSPORTING', 'operator', 'shipped with tcat 901230160565'],
      ['TRANSPORTING', 'COMPLETED', 'operator', 'signed for by the member'],
    ])
    expect(steps.every((s) => s.at instanceof Date)).toBe(true)
  })

  it('lists current and past orders in pages', async () => {
    const m = await shop.member()
    const placed = []
    for (let i = 0; i < 3; i++) placed.push((await m.checkout([shop.line('GEN-0001-A', 1)])).body.data.no)
    await m.call('POST', `/api/v1/ec-order/${placed[0]}/cancel`)
    const current = (await m.call('GET', '/api/v1/ec-order?page=1&per_page=1')).body
    expect(current).toMatchObject({ current_page: 1, per_page: 1, total: 2, last_page: 2 })
    expect(current.data.map((o: { no: string }) => o.no)).toEqual([placed[2]])
    expect((await m.call('GET', '/api/v1/ec-order?page=2&per_page=1')).body.data[0].no).toBe(placed[1])
    const history = (await m.call('GET', '/api/v1/ec-order/history')).body
    expect(history).toMatchObject({ total: 1, data: [{ no: placed[0], order_status: 'CANCEL' }] })
    expect(await shop.database.db.select().from(cartItems).where(eq(cartItems.user_id, m.id))).toEqual([])
  })
})

describe('docs/order-states.md', () => {
  it('lists exactly the transitions the server allows', () => {
    const doc = readFileSync('docs/order-states.md', 'utf8')
    const rows = [...doc.matchAll(/^\| `(\w+)` \| `(\w+)` \| ([^|]+) \|/gm)].map((m) => `${m[1]}>${m[2]}:${m[3]!.trim()}`)
    const expected = [...ORDER_TRANSITIONS, ...PAYMENT_TRANSITIONS].map((t) => `${t.from}>${t.to}:${t.by.join(', ')}`)
    expect(rows.sort()).toEqual(expected.sort())
  })
})
