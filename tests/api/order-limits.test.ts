import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_LINE_QUANTITY } from '../../contract/cart'
import { cartItems, orderRequests, orders, variants } from '../../server/db/schema'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { invoice, listenCheckoutShop, recipient, type CheckoutShop } from './checkout-kit'
import { databaseTargets } from './harness'

const targets = await databaseTargets()
const label = { zh_tw: '1盒', en: '1 box', ja: '1箱' }

function catalogue() {
  const file = smallCatalogue()
  file.products.push(
    productRecord('CAP-0001', { variants: [{ sku: 'CAP-0001-A', label, price: 300, stock_left: 500 }] }),
    productRecord('CAP-0002', { variants: [{ sku: 'CAP-0002-A', label, price: 450, stock_left: 73 }] }),
  )
  return file
}

const LIMIT_MESSAGE = 'You already have orders waiting for payment; please pay or cancel one of them before placing another.'

describe.each(targets)('unpaid orders and units per line are capped, on $kind', (target) => {
  let shop: CheckoutShop
  beforeAll(async () => {
    shop = await listenCheckoutShop(target, { catalogue: catalogue() })
  })
  afterAll(() => shop?.close())

  const stockOf = async (sku: string) => (await shop.database.db.select({ n: variants.stock_left }).from(variants).where(eq(variants.sku, sku)))[0]!.n
  const ordersOf = async (userId: number) => shop.database.db.select().from(orders).where(eq(orders.user_id, userId))

  it('refuses a fourth unpaid order with 409 UNPAID_ORDER_LIMIT in the member’s language, writing nothing', async () => {
    expect(shop.config.orders.maxUnpaid).toBe(3)
    const m = await shop.member()
    const placed = []
    for (let i = 0; i < 3; i++) {
      const r = await m.checkout([shop.line('CAP-0001-A', 1)], {}, `cap-${i}`)
      expect(r.status).toBe(201)
      placed.push(r.body.data)
    }
    await m.call('POST', '/api/v1/cart', shop.line('CAP-0001-A', 2))
    const stock = await stockOf('CAP-0001-A')

    const refused = await m.checkout([shop.line('CAP-0001-A', 2)], {}, 'cap-3')
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({ error: { code: 'UNPAID_ORDER_LIMIT', message: LIMIT_MESSAGE, detail: { max_unpaid_orders: 3 } } })
    const inLanguage = async (locale: string) =>
      (await m.call('POST', '/api/v1/ec-order', { lines: [shop.line('CAP-0001-A', 1)], recipient, invoice }, { 'idempotency-key': `cap-${locale}`, 'x-localization': locale })).body.error.message
    expect(await inLanguage('zh_tw')).toBe('您已有多筆訂單尚未付款，請先完成付款或取消其中一筆，再建立新訂單。')
    expect(await inLanguage('ja')).toBe('お支払い待ちのご注文がすでにあります。新しくご注文いただく前に、いずれかのお支払いまたはキャンセルをお願いします。')

    // nothing written: no order, no stock taken, the key not claimed, the cart line kept
    expect(await ordersOf(m.id)).toHaveLength(3)
    expect(await stockOf('CAP-0001-A')).toBe(stock)
    expect(await shop.database.db.select().from(orderRequests).where(and(eq(orderRequests.user_id, m.id), eq(orderRequests.key, 'cap-3')))).toEqual([])
    expect((await shop.database.db.select().from(cartItems).where(eq(cartItems.user_id, m.id))).map((l) => l.quantity)).toEqual([2])

    // a retry of an order already placed is still answered with that order
    const replay = await m.checkout([shop.line('CAP-0001-A', 1)], {}, 'cap-1')
    expect(replay.status).toBe(201)
    expect(replay.body.data.no).toBe(placed[1].no)

    // paying one and cancelling another each make room for one more
    expect((await shop.pay(placed[0].payment.client_secret, 'pm_card_visa')).status).toBe(200)
    await shop.settle()
    expect((await m.checkout([shop.line('CAP-0001-A', 1)], {}, 'cap-3')).status).toBe(201)
    expect((await m.checkout([shop.line('CAP-0001-A', 1)], {}, 'cap-4')).status).toBe(409)
    expect((await m.call('POST', `/api/v1/ec-order/${placed[1].no}/cancel`)).status).toBe(200)
    expect((await m.checkout([shop.line('CAP-0001-A', 1)], {}, 'cap-4')).status).toBe(201)
    expect((await m.checkout([shop.line('CAP-0001-A', 1)], {}, 'cap-5')).body.error.code).toBe('UNPAID_ORDER_LIMIT')

    // a declined payment leaves the order waiting for payment: it still counts
    const other = await shop.member()
    const declined = (await other.checkout([shop.line('CAP-0001-A', 1)])).body.data
    expect((await shop.pay(declined.payment.client_secret, 'pm_card_chargeDeclined')).status).toBe(402)
    await shop.settle()
    expect((await other.checkout([shop.line('CAP-0001-A', 1)])).status).toBe(201)
    expect((await other.checkout([shop.line('CAP-0001-A', 1)])).status).toBe(201)
    expect((await other.checkout([shop.line('CAP-0001-A', 1)])).body.error.code).toBe('UNPAID_ORDER_LIMIT')
  })

  it('lets concurrent checkouts of one member past the cap only as far as the cap', async () => {
    const m = await shop.member()
    const stock = await stockOf('CAP-0001-A')
    const attempts = await Promise.all(Array.from({ length: 8 }, () => m.checkout([shop.line('CAP-0001-A', 2)])))
    expect(attempts.filter((a) => a.status === 201)).toHaveLength(3)
    const refused = attempts.filter((a) => a.status !== 201)
    expect(refused).toHaveLength(5)
    for (const r of refused) expect(r.body.error.code).toBe('UNPAID_ORDER_LIMIT')
    expect(await ordersOf(m.id)).toHaveLength(3)
    expect(await stockOf('CAP-0001-A')).toBe(stock - 6)
  })

  it(`takes at most ${MAX_LINE_QUANTITY} units of a variant per line, in the cart and at checkout alike`, async () => {
    const m = await shop.member()
    const stock = await stockOf('CAP-0002-A')
    expect(stock).toBe(73)
    const tooMany = await m.checkout([shop.line('CAP-0002-A', MAX_LINE_QUANTITY + 1)])
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.error).toMatchObject({ code: 'VALIDATION_FAILED', detail: { 'lines.0.quantity': ['is too large'] } })
    const quote = await m.call('POST', '/api/v1/checkout/quote', { lines: [shop.line('CAP-0002-A', MAX_LINE_QUANTITY + 1)] })
    expect(quote.status).toBe(400)
    const cart = await m.call('POST', '/api/v1/cart', shop.line('CAP-0002-A', MAX_LINE_QUANTITY))
    expect(cart.body.data[0]).toMatchObject({ quantity: MAX_LINE_QUANTITY, max_quantity: MAX_LINE_QUANTITY, stock_left: 73 })
    expect((await m.call('PUT', `/api/v1/cart/${cart.body.data[0].id}`, { quantity: MAX_LINE_QUANTITY + 1 })).status).toBe(400)
    expect(await stockOf('CAP-0002-A')).toBe(73)
    // the finding's case: one member can no longer hold all 73 units unpaid
    for (let i = 0; i < 3; i++) expect((await m.checkout([shop.line('CAP-0002-A', MAX_LINE_QUANTITY)])).status).toBe(201)
    expect((await m.checkout([shop.line('CAP-0002-A', MAX_LINE_QUANTITY)])).body.error.code).toBe('UNPAID_ORDER_LIMIT')
    expect(await stockOf('CAP-0002-A')).toBe(73 - 3 * MAX_LINE_QUANTITY)
  })
})

describe.each(targets.slice(0, 1))('MAX_UNPAID_ORDERS, on $kind', (target) => {
  let shop: CheckoutShop
  beforeAll(async () => {
    shop = await listenCheckoutShop(target, { catalogue: catalogue(), env: { MAX_UNPAID_ORDERS: '1' } })
  })
  afterAll(() => shop?.close())

  it('sets how many unpaid orders a member may hold', async () => {
    const m = await shop.member()
    expect((await m.checkout([shop.line('CAP-0001-A', 1)])).status).toBe(201)
    const refused = await m.checkout([shop.line('CAP-0001-A', 1)])
    expect(refused.status).toBe(409)
    expect(refused.body.error.detail).toEqual({ max_unpaid_orders: 1 })
  })
})
