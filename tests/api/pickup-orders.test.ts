/**
 * Convenience-store pick-up orders end to end through ECPay's protocol (decisions 75 and 76): the
 * store picked on the sandbox's map, the order with who collects it and cash on pick-up, the
 * shipment the operator's order:ship creates, and the statuses the sandbox reports (or the
 * reconciliation finds) moving the order; reports replayed, reordered and forged.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logisticsReports, notifications, orderEvents, orders, variants } from '../../server/db/schema'
import { checkMacValue } from '../../server/lib/check-mac-value'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { invoice, listenCheckoutShop, type CheckoutShop, type Member } from './checkout-kit'
import { databaseTargets } from './harness'

const targets = await databaseTargets()

const box = { zh_tw: '1盒', en: '1 box', ja: '1箱' }
function catalogue() {
  const file = smallCatalogue()
  file.products.push(
    productRecord('GEN-0001', { variants: [{ sku: 'GEN-0001-A', label: box, price: 300, stock_left: 500 }] }),
    productRecord('LUX-0001', { variants: [{ sku: 'LUX-0001-A', label: box, price: 9000, stock_left: 50 }] }),
  )
  return file
}

const DAY = 86_400_000
const person = { name: '林美玲', phone: '0912-345-678' }

describe.each(targets)('pick-up orders on $kind', (target) => {
  let shop: CheckoutShop
  beforeAll(async () => {
    shop = await listenCheckoutShop(target, { catalogue: catalogue(), env: { LOGISTICS_FEE: '100', LOGISTICS_FEE_CVS: '60', FREE_SHIPPING_THRESHOLD: '1500' } })
    // the test runs the reconciliation's passes itself, with the shop's clock
    await shop.workers.parcels.stop()
  })
  afterAll(() => shop?.close())

  const settle = () => shop.logistics.sandbox!.idle()

  /** The map page the pick opens, as the shopper's browser gets it, and the store (found by `query`) posted back. */
  async function pickStore(m: Member, chain: 'UNIMART' | 'FAMI' | 'HILIFE', cash: boolean, query: string, orderNo?: string) {
    const opened = await m.call('POST', '/api/v1/logistics/store-picks', { chain, cash_on_pickup: cash, locale: 'en', ...(orderNo ? { order_no: orderNo } : {}) })
    expect(opened.status).toBe(201)
    const pick = opened.body.data
    const page = await fetch(shop.url + new URL(pick.map.action).pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...pick.map.fields, q: query }) })
    const html = await page.text()
    const [form] = [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)]
    const fields = Object.fromEntries([...form![2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [name!, value!.replaceAll('&amp;', '&')]))
    const reply = await fetch(`${shop.url}/api/v1/logistics/map-reply`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields), redirect: 'manual' })
    expect(reply.status).toBe(303)
    return { tradeNo: pick.trade_no as string, location: reply.headers.get('location')! }
  }

  const order = (m: Member, no: string) => m.call('GET', `/api/v1/ec-order/${no}`).then((r) => r.body.data)
  const stockOf = async (sku: string) => (await shop.database.db.select().from(variants).where(eq(variants.sku, sku)))[0]!.stock_left
  const kinds = async (m: Member) => (await shop.database.db.select().from(notifications).where(eq(notifications.user_id, m.id))).map((n) => n.type)
  const pickupOrder = (m: Member, pickup: Record<string, unknown>, extra: Record<string, unknown> = {}, lines = [shop.line('GEN-0001-A', 2)]) =>
    m.call('POST', '/api/v1/ec-order', { lines, invoice, shipment: 'cvs', pickup: { ...person, ...pickup }, ...extra }, { 'idempotency-key': `pickup-${Math.random()}` })

  /** A status report as ECPay sends it, signed with the merchant's keys (or not). */
  function report(fields: Record<string, string>, sign = true) {
    const keys = shop.logistics.client.settings.keys
    const body = { MerchantID: keys.merchantId, RtnMsg: '', UpdateStatusDate: '2026/11/28 10:00:00', ...fields }
    return fetch(`${shop.url}/api/v1/logistics/ecpay/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...body, CheckMacValue: sign ? checkMacValue(body, keys) : 'F'.repeat(32) }),
    }).then(async (r) => ({ status: r.status, text: await r.text() }))
  }

  it('quotes each delivery method’s fee, the store’s waived like home delivery’s from the threshold', async () => {
    const m = await shop.member()
    const small = await m.call('POST', '/api/v1/checkout/quote', { lines: [shop.line('GEN-0001-A', 1)], shipment: 'cvs' })
    expect(small.body.data).toMatchObject({ shipment: 'cvs', logistics_fee: 60, amount: 360, shipment_fees: { home: 100, cvs: 60 } })
    const large = await m.call('POST', '/api/v1/checkout/quote', { lines: [shop.line('GEN-0001-A', 5)], shipment: 'cvs' })
    expect(large.body.data).toMatchObject({ logistics_fee: 0, shipment_fees: { home: 0, cvs: 0 } })
    expect((await shop.request('GET', '/api/v1/config')).body.data.checkout).toMatchObject({ logistics_fee: 100, logistics_fee_cvs: 60 })
  })

  it('takes a pick-up order paid in cash at the store, ships it through ECPay and follows the parcel until it is collected', async () => {
    const m = await shop.member()
    const stock = await stockOf('GEN-0001-A')
    const { tradeNo, location } = await pickStore(m, 'UNIMART', true, '131386')
    expect(location).toMatch(new RegExp(`/en/payment\\?store_pick=${tradeNo}$`))
    const placed = await pickupOrder(m, { store_pick: tradeNo }, { payment_method: 'cod' })
    expect(placed.status).toBe(201)
    const no = placed.body.data.no as string
    expect(placed.body.data).toMatchObject({
      shipment_type: 'cvs',
      logistics_fee: 60,
      amount: 660,
      payment_status: 'PROCESSING',
      payment: { method: 'cod', client_secret: null, pay_before: null },
      actions: { pay: false, cancel: true },
      recipient: { name: '林美玲', phone: '0912345678' },
      pickup: { store: { chain: 'UNIMART', id: '131386' }, parcel: null, collect_by: null, can_change_store: false },
    })
    expect(await stockOf('GEN-0001-A')).toBe(stock - 2)
    // confirmed at once (it is paid at the store, not now), by notification and mail
    expect(await kinds(m)).toContain('order_placed')
    await expect.poll(() => shop.mails.find((mail) => mail.subject.includes(`Order ${no} is placed`))?.text, { timeout: 10_000 }).toContain('you pay in cash when you collect it at the store')
    // no card payment: paying is refused, and the unpaid-order expiry leaves it alone
    expect((await m.call('POST', `/api/v1/ec-order/${no}/pay`)).body.error.code).toBe('PAYMENT_TRANSITION_NOT_ALLOWED')
    shop.clock.advance(2 * 3_600_000)
    expect((await shop.workers.sweeper.sweep(shop.clock.now())).expired).toBe(0)
    expect((await order(m, no)).order_status).toBe('PROCESSING')

    const shipped = await shop.operate('ship', no)
    expect(shipped.status).toBe(200)
    expect(shipped.body.data).toMatchObject({ order_status: 'TRANSPORTING', payment_status: 'PROCESSING', shipment: { carrier: { code: 'UNIMART' } }, pickup: { parcel: 'created' } })
    expect(shipped.body.data.shipment.tracking_no).toMatch(/^[A-Za-z0-9]+$/)
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.no, no))
    const { fields } = await shop.logistics.client.query({ logisticsId: row!.logistics_id! })
    // ECPay collects the order's amount at the store
    expect(fields).toMatchObject({ CollectionAmount: '660', GoodsAmount: '660', MerchantTradeNo: no.replace('-', '') })
    // the shipment's mail names the store the parcel goes to
    await expect.poll(() => shop.mails.find((mail) => mail.subject.includes(no) && mail.text.includes('Pick-up store'))?.text, { timeout: 10_000 }).toContain('7-ELEVEN (統一超商) 測試門市')
    // shipping twice is refused, and creates no second shipment
    expect((await shop.operate('ship', no)).body.error.code).toBe('ORDER_TRANSITION_NOT_ALLOWED')

    expect((await shop.operate('parcel', no, { step: 'shipped' })).body.data.pickup.parcel).toBe('in_transit')
    const arrived = (await shop.operate('parcel', no, { step: 'arrived' })).body.data
    expect(arrived.pickup.parcel).toBe('arrived')
    // the last day to collect: the 7th day after the arrival, to its end, in Taiwan
    const collectBy = new Date(arrived.pickup.collect_by)
    expect(new Date(collectBy.getTime() + 8 * 3_600_000).toISOString().slice(11, 19)).toBe('23:59:59')
    expect(collectBy.getTime() - Date.now()).toBeGreaterThan(6 * DAY)
    expect(collectBy.getTime() - Date.now()).toBeLessThan(8 * DAY)
    const [told] = await shop.database.db.select().from(notifications).where(eq(notifications.dedupe_key, `parcel_arrived:${row!.id}:131386`))
    expect(told!.payload).toMatchObject({ order_no: no, store_name: expect.any(String), cash: 660 })

    // two days before the last day: reminded, once
    expect((await shop.workers.parcels.sweep(new Date(collectBy.getTime() - 3 * DAY))).reminded).toBe(0)
    expect((await shop.workers.parcels.sweep(new Date(collectBy.getTime() - 2 * DAY + 60_000))).reminded).toBe(1)
    expect((await shop.workers.parcels.sweep(new Date(collectBy.getTime() - DAY))).reminded).toBe(0)

    const collected = (await shop.operate('parcel', no, { step: 'picked_up' })).body.data
    expect(collected).toMatchObject({ order_status: 'COMPLETED', payment_status: 'SUCCESSED', pickup: { parcel: 'picked_up' } })
    expect(collected.payment.paid_at).not.toBeNull()
    expect(await kinds(m)).toEqual(expect.arrayContaining(['order_shipped', 'parcel_arrived', 'pickup_reminder', 'order_delivered']))
    // cash paid at the store is told with the collection, not as a payment of its own
    expect(await kinds(m)).not.toContain('order_paid')
    const events = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.order_id, row!.id))
    expect(events.filter((e) => e.actor === 'logistics').map((e) => `${e.subject}:${e.to_status}`)).toEqual(
      expect.arrayContaining(['shipment:in_transit', 'shipment:arrived', 'shipment:picked_up', 'payment:SUCCESSED', 'order:COMPLETED']),
    )

    // the store is offered again, and an order can go there without the map
    const recent = (await m.call('GET', '/api/v1/logistics/recent-stores')).body.data
    expect(recent).toEqual([expect.objectContaining({ chain: 'UNIMART', id: '131386' })])
    const again = await pickupOrder(m, { store: { chain: 'UNIMART', id: '131386' } })
    expect(again.status).toBe(201)
    expect(again.body.data.payment.method).toBe('card')
    expect(again.body.data.payment.client_secret).toMatch(/_secret_/)
  })

  it('refuses a pick-up order the chain would not carry, or for a store that is not the shopper’s, and changes nothing', async () => {
    const m = await shop.member()
    const other = await shop.member()
    const { tradeNo } = await pickStore(m, 'FAMI', false, '006598')
    const stock = await stockOf('GEN-0001-A')
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{ store_pick: tradeNo, name: '林美玲2' }, {}, 'pickup.name'],
      [{ store_pick: tradeNo, name: 'Lin Mei Ling' }, {}, 'pickup.name'],
      [{ store_pick: tradeNo, phone: '02-2345-6789' }, {}, 'pickup.phone'],
      [{ store_pick: tradeNo, store: { chain: 'FAMI', id: '006598' } }, {}, 'pickup.store_pick'],
      // the map was opened for a card payment: its stores were not chosen for cash
      [{ store_pick: tradeNo }, { payment_method: 'cod' }, 'pickup.store_pick'],
      [{ store: { chain: 'FAMI', id: '006598' } }, {}, 'pickup.store'],
      [{ store_pick: 'SP0000000000000000' }, {}, 'pickup.store_pick'],
    ]
    for (const [pickup, extra, field] of cases) {
      const refused = await pickupOrder(m, pickup, extra)
      expect(refused.status, field).toBe(400)
      expect(Object.keys(refused.body.error.detail), field).toContain(field)
    }
    // another member's pick, learnt somehow
    expect(Object.keys((await pickupOrder(other, { store_pick: tradeNo })).body.error.detail)).toContain('pickup.store_pick')
    // cash on pick-up for home delivery, a recipient on a pick-up order, a parcel over NT$20,000
    const home = await m.call('POST', '/api/v1/ec-order', { lines: [shop.line('GEN-0001-A', 1)], invoice, recipient: { name: '王小明', phone: '0912345678', zip_code: '106', county: '台北市', district: '大安區', address: '復興南路一段 390 號' }, payment_method: 'cod' }, { 'idempotency-key': 'cod-home' })
    expect(Object.keys(home.body.error.detail)).toContain('payment_method')
    expect((await pickupOrder(m, { store_pick: tradeNo }, { recipient_id: 1 })).status).toBe(400)
    const dear = await pickupOrder(m, { store_pick: tradeNo }, {}, [shop.line('LUX-0001-A', 3)])
    expect(Object.keys(dear.body.error.detail)).toContain('shipment')
    expect(await stockOf('GEN-0001-A')).toBe(stock)
    expect((await m.call('GET', '/api/v1/ec-order')).body.data).toEqual([])
  })

  it('records each report once, applies a late one without moving the parcel back, and refuses forged ones', async () => {
    const m = await shop.member()
    const { tradeNo } = await pickStore(m, 'FAMI', true, '006598')
    const no = (await pickupOrder(m, { store_pick: tradeNo }, { payment_method: 'cod' })).body.data.no as string
    await shop.operate('ship', no)
    await settle()
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.no, no))
    const id = row!.logistics_id!
    const base = { AllPayLogisticsID: id, MerchantTradeNo: no.replace('-', ''), LogisticsSubType: 'FAMI' }

    // forged: not signed with the merchant's keys, or for another merchant; nothing changes
    const refused = (answer: { status: number; text: string }, field: string) => {
      expect(answer.status).toBe(400)
      expect(Object.keys(JSON.parse(answer.text).error.detail)).toEqual([field])
    }
    refused(await report({ ...base, RtnCode: '3022' }, false), 'CheckMacValue')
    refused(await report({ ...base, RtnCode: '3022', MerchantID: '2000933' }), 'CheckMacValue')
    refused(await report({ ...base, AllPayLogisticsID: '99999999', RtnCode: '3022' }), 'AllPayLogisticsID')
    expect((await order(m, no)).order_status).toBe('TRANSPORTING')

    // collected, reported before its arrival (reordered), then the arrival, then the collection again (replayed)
    expect(await report({ ...base, RtnCode: '3022' })).toEqual({ status: 200, text: '1|OK' })
    expect(await report({ ...base, RtnCode: '3018' })).toEqual({ status: 200, text: '1|OK' })
    expect(await report({ ...base, RtnCode: '3022' })).toEqual({ status: 200, text: '1|OK' })
    const done = await order(m, no)
    expect(done).toMatchObject({ order_status: 'COMPLETED', payment_status: 'SUCCESSED', pickup: { parcel: 'picked_up', collect_by: null } })
    expect((await kinds(m)).filter((k) => k === 'parcel_arrived')).toEqual([])
    expect((await kinds(m)).filter((k) => k === 'order_delivered')).toHaveLength(1)
    const recorded = await shop.database.db.select().from(logisticsReports).where(eq(logisticsReports.logistics_id, id))
    expect(recorded.filter((r) => r.rtn_code === 3022)).toHaveLength(1)
    // a report that is not a form, or too big, is refused
    const notForm = await fetch(`${shop.url}/api/v1/logistics/ecpay/status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(notForm.status).toBe(400)
    const huge = await fetch(`${shop.url}/api/v1/logistics/ecpay/status`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `a=${'x'.repeat(9000)}` })
    expect(huge.status).toBe(413)
  })

  it('cancels a parcel that was not collected: the stock comes back and a card payment is refunded', async () => {
    const m = await shop.member()
    const stock = await stockOf('GEN-0001-A')
    const { tradeNo } = await pickStore(m, 'HILIFE', false, '4001')
    const placed = await pickupOrder(m, { store_pick: tradeNo })
    const no = placed.body.data.no as string
    expect((await shop.pay(placed.body.data.payment.client_secret, 'pm_card_visa')).status).toBe(200)
    await shop.settle()
    await shop.operate('ship', no)
    for (const step of ['shipped', 'arrived', 'not_picked_up']) expect((await shop.operate('parcel', no, { step })).status).toBe(200)
    await shop.settle()
    const returned = await order(m, no)
    expect(returned).toMatchObject({ order_status: 'CANCEL', cancel_reason: 'Not collected at the store.', pickup: { parcel: 'returned' }, refund: { status: 'REFUNDED', amount: 660 } })
    expect(await stockOf('GEN-0001-A')).toBe(stock)
    expect(await kinds(m)).toContain('parcel_returned')
  })

  it('lets the shopper choose another 7-ELEVEN when the store closes, and cancels a FamilyMart parcel whose store closed', async () => {
    const m = await shop.member()
    const { tradeNo } = await pickStore(m, 'UNIMART', true, '131386')
    const no = (await pickupOrder(m, { store_pick: tradeNo }, { payment_method: 'cod' })).body.data.no as string
    await shop.operate('ship', no)
    // the store cannot be changed while it is open
    const early = await pickStore(m, 'UNIMART', true, '152701').catch(() => undefined)
    expect(early).toBeDefined()
    expect((await m.call('POST', `/api/v1/ec-order/${no}/pickup-store`, { store_pick: early!.tradeNo })).status).toBe(409)
    const closed = (await shop.operate('parcel', no, { step: 'store_closed' })).body.data
    expect(closed.pickup).toMatchObject({ parcel: 'store_closed', can_change_store: true })
    expect(await kinds(m)).toContain('pickup_store_closed')
    // a pick opened for the order leads back to it; another member cannot open one for it
    const other = await shop.member()
    expect((await other.call('POST', '/api/v1/logistics/store-picks', { chain: 'UNIMART', cash_on_pickup: true, order_no: no })).status).toBe(404)
    const next = await pickStore(m, 'UNIMART', true, '152701', no)
    expect(next.location).toMatch(new RegExp(`/en/purchase/${no}\\?store_pick=${next.tradeNo}$`))
    // a pick for the checkout is not one for this order
    expect((await m.call('POST', `/api/v1/ec-order/${no}/pickup-store`, { store_pick: early!.tradeNo })).status).toBe(400)
    const changed = await m.call('POST', `/api/v1/ec-order/${no}/pickup-store`, { store_pick: next.tradeNo })
    expect(changed.status).toBe(200)
    expect(changed.body.data.pickup).toMatchObject({ store: { id: '152701' }, parcel: 'store_changed', can_change_store: false })
    const arrived = (await shop.operate('parcel', no, { step: 'arrived' })).body.data
    expect(arrived.pickup).toMatchObject({ parcel: 'arrived', store: { id: '152701' } })

    const f = await pickStore(m, 'FAMI', true, '006598')
    const stock = await stockOf('GEN-0001-A')
    const fno = (await pickupOrder(m, { store_pick: f.tradeNo }, { payment_method: 'cod' })).body.data.no as string
    await shop.operate('ship', fno)
    const gone = (await shop.operate('parcel', fno, { step: 'store_closed' })).body.data
    expect(gone).toMatchObject({ order_status: 'CANCEL', pickup: { parcel: 'store_closed', can_change_store: false } })
    expect(await stockOf('GEN-0001-A')).toBe(stock)
  })

  it('catches up with ECPay’s query when reports were lost, on one server of two at a time', async () => {
    const m = await shop.member()
    const { tradeNo } = await pickStore(m, 'UNIMART', false, '131386')
    const placed = await pickupOrder(m, { store_pick: tradeNo })
    const no = placed.body.data.no as string
    await shop.pay(placed.body.data.payment.client_secret, 'pm_card_visa')
    await shop.settle()
    await shop.operate('ship', no)
    await shop.operate('parcel', no, { step: 'shipped' })
    await shop.operate('parcel', no, { step: 'arrived' })
    // the shop lost what the reports said (as if they never came)
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.no, no))
    await shop.database.db.delete(logisticsReports).where(eq(logisticsReports.order_id, row!.id))
    await shop.database.db.update(orders).set({ parcel: 'created', collect_by: null }).where(eq(orders.id, row!.id))
    const later = new Date(shop.clock.now().getTime() + shop.config.logisticsReconcileMs + 1000)
    const [one, two] = await Promise.all([shop.workers.parcels.sweep(later), shop.workers.parcels.sweep(later)])
    expect(one.checked + two.checked).toBeGreaterThanOrEqual(1)
    expect((await order(m, no)).pickup).toMatchObject({ parcel: 'arrived', collect_by: expect.any(String) })
    // checked a moment ago: not asked again until the interval passed
    expect((await shop.workers.parcels.sweep(new Date(later.getTime() + 1000))).checked).toBe(0)
  })
})
