import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_LINE_QUANTITY } from '../../contract/cart'
import { cartItems, orderRequests, orders, users, variants } from '../../server/db/schema'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { invoice, listenCheckoutShop, recipient, type CheckoutShop, type Member } from './checkout-kit'
import { databaseTargets } from './harness'

const targets = await databaseTargets()
const label = { zh_tw: '1盒', en: '1 box', ja: '1箱' }

function catalogue() {
  const file = smallCatalogue()
  file.products.push(
    productRecord('CAP-0001', { variants: [{ sku: 'CAP-0001-A', label, price: 300, stock_left: 500 }] }),
    productRecord('CAP-0002', { variants: [{ sku: 'CAP-0002-A', label, price: 450, stock_left: 73 }] }),
    // the review's case: 12 units of a variant, one test each
    ...['CAP-0003', 'CAP-0004', 'CAP-0005', 'CAP-0006', 'CAP-0009'].map((sku) => productRecord(sku, { variants: [{ sku: `${sku}-A`, label, price: 380, stock_left: 12 }] })),
    // low stock, as many of the seed's variants have
    productRecord('CAP-0007', { variants: [{ sku: 'CAP-0007-A', label, price: 380, stock_left: 2 }] }),
    productRecord('CAP-0008', { variants: [{ sku: 'CAP-0008-A', label, price: 380, stock_left: 4 }] }),
  )
  return file
}

const HOLD_MESSAGE = 'Few of this item are left, and one member may hold at most half of them until paid; please order fewer, or pay for your waiting order first.'
const VERIFY_MESSAGE = 'Please verify your e-mail address to order more: until it is verified, you can have only one unpaid order, of a few items.'
const LIMIT_MESSAGE = 'You already have orders waiting for payment; please pay or cancel one of them before placing another.'

const stockIn = async (shop: CheckoutShop, sku: string) => (await shop.database.db.select({ n: variants.stock_left }).from(variants).where(eq(variants.sku, sku)))[0]!.n
const ordersIn = (shop: CheckoutShop, userId: number) => shop.database.db.select().from(orders).where(eq(orders.user_id, userId))

describe.each(targets)('unpaid orders and units per line are capped, on $kind', (target) => {
  let shop: CheckoutShop
  beforeAll(async () => {
    shop = await listenCheckoutShop(target, { catalogue: catalogue() })
  })
  afterAll(() => shop?.close())

  const stockOf = (sku: string) => stockIn(shop, sku)
  const ordersOf = (userId: number) => ordersIn(shop, userId)

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

describe.each(targets)('what one member may hold unpaid of a variant, and before verifying the e-mail, on $kind', (target) => {
  let shop: CheckoutShop
  beforeAll(async () => {
    shop = await listenCheckoutShop(target, { catalogue: catalogue() })
  })
  afterAll(() => shop?.close())

  const stockOf = (sku: string) => stockIn(shop, sku)
  const ordersOf = (userId: number) => ordersIn(shop, userId)
  const inLanguage = async (m: Member, lines: unknown[], locale: string) =>
    (await m.call('POST', '/api/v1/ec-order', { lines, recipient, invoice }, { 'idempotency-key': `lang-${locale}-${Math.random()}`, 'x-localization': locale })).body.error

  it('lets a member hold unpaid at most 3 units or half, rounded up, of what is left of a variant plus their own, in their language, writing nothing when refused', async () => {
    expect(shop.config.orders.unverifiedMaxUnits).toBe(3)
    const first = await shop.member()
    // the review's case: one account took all 12 units; now it takes half
    const all = await first.checkout([shop.line('CAP-0001-A', 1), shop.line('CAP-0003-A', 10)])
    expect(all.status).toBe(409)
    expect(all.body).toEqual({ error: { code: 'VARIANT_HOLD_LIMIT', message: HOLD_MESSAGE, detail: { 'lines.1': ['is more than half of what is left'], max_quantity: 6 } } })
    expect(await inLanguage(first, [shop.line('CAP-0003-A', 7)], 'zh_tw')).toEqual({
      code: 'VARIANT_HOLD_LIMIT',
      message: '此商品所剩不多，每位會員在付款前最多只能保留剩餘數量的一半；請減少數量，或先完成待付款訂單的付款。',
      detail: { 'lines.0': ['超過剩餘數量的一半'], max_quantity: 6 },
    })
    expect((await inLanguage(first, [shop.line('CAP-0003-A', 7)], 'ja')).message).toBe(
      'この商品は残りわずかのため、お支払い前にお一人様がお取り置きできるのは残りの半分までです。数量を減らすか、お支払い待ちのご注文を先にお支払いください。',
    )
    expect(await ordersOf(first.id)).toEqual([])
    expect(await stockOf('CAP-0003-A')).toBe(12)
    const stockOfOther = await stockOf('CAP-0001-A')

    const held = (await first.checkout([shop.line('CAP-0003-A', 6)])).body.data
    expect(held.no).toBeDefined()
    expect((await first.checkout([shop.line('CAP-0003-A', 1)])).body.error).toMatchObject({ code: 'VARIANT_HOLD_LIMIT', detail: { max_quantity: 0 } })
    // the next shopper gets half of what is left, the one after the last 3
    const second = await shop.member()
    expect((await second.checkout([shop.line('CAP-0003-A', 4)])).body.error.detail.max_quantity).toBe(3)
    const secondOrder = (await second.checkout([shop.line('CAP-0003-A', 3)])).body.data
    const third = await shop.member()
    expect((await third.checkout([shop.line('CAP-0003-A', 3)])).status).toBe(201)
    expect(await stockOf('CAP-0003-A')).toBe(0)
    expect((await (await shop.member()).checkout([shop.line('CAP-0003-A', 1)])).body.error.code).toBe('OUT_OF_STOCK')
    expect(await stockOf('CAP-0001-A')).toBe(stockOfOther)

    // 3 come back; the first member already holds 6: more only once those are paid
    expect((await second.call('POST', `/api/v1/ec-order/${secondOrder.no}/cancel`)).status).toBe(200)
    expect((await first.checkout([shop.line('CAP-0003-A', 1)])).body.error.detail.max_quantity).toBe(0)
    expect((await shop.pay(held.payment.client_secret, 'pm_card_visa')).status).toBe(200)
    await shop.settle()
    expect((await first.checkout([shop.line('CAP-0003-A', 3)])).status).toBe(201)
  })

  it('lets a member always order 3 units of a variant, or all of it if fewer are left, and the quote says per line how many they may order now', async () => {
    const quoteOf = async (m: Member, lines: unknown[]) => {
      const quoted = await m.call('POST', '/api/v1/checkout/quote', { lines })
      expect(quoted.status, JSON.stringify(quoted.body)).toBe(200)
      return quoted.body.data as { lines: { max_quantity: number }[]; unverified_limit: unknown }
    }
    // 2 left: a shopper takes both (half would have been 1)
    const pair = await shop.member()
    expect((await quoteOf(pair, [shop.line('CAP-0007-A', 2)])).lines[0]!.max_quantity).toBe(2)
    expect((await pair.checkout([shop.line('CAP-0007-A', 2)])).status).toBe(201)
    expect(await stockOf('CAP-0007-A')).toBe(0)
    // 4 left: 3 (half would have been 2), then the last one for the next shopper
    const three = await shop.member()
    const quoted = await quoteOf(three, [shop.line('CAP-0008-A', 4), shop.line('CAP-0001-A', 10)])
    expect(quoted.lines.map((line) => line.max_quantity)).toEqual([3, 250])
    expect(quoted.unverified_limit).toBeNull()
    expect((await three.checkout([shop.line('CAP-0008-A', 4)])).body.error).toMatchObject({ code: 'VARIANT_HOLD_LIMIT', detail: { 'lines.0': ['is more than half of what is left'], max_quantity: 3 } })
    expect((await three.checkout([shop.line('CAP-0008-A', 3)])).status).toBe(201)
    // the 3 count what the member already holds
    expect((await quoteOf(three, [shop.line('CAP-0008-A', 1)])).lines[0]!.max_quantity).toBe(0)
    expect((await three.checkout([shop.line('CAP-0008-A', 1)])).body.error.detail.max_quantity).toBe(0)
    const last = await shop.member()
    expect((await quoteOf(last, [shop.line('CAP-0008-A', 1)])).lines[0]!.max_quantity).toBe(1)
    expect((await last.checkout([shop.line('CAP-0008-A', 1)])).status).toBe(201)

    // the quote follows the member's unpaid units, as the checkout counts them: 12 left, 6; 4 held of 12, 2 more
    const member = await shop.member()
    expect((await quoteOf(member, [shop.line('CAP-0009-A', 10)])).lines[0]!.max_quantity).toBe(6)
    expect((await member.checkout([shop.line('CAP-0009-A', 4)])).status).toBe(201)
    expect((await quoteOf(member, [shop.line('CAP-0009-A', 3)])).lines[0]!.max_quantity).toBe(2)
    expect((await member.checkout([shop.line('CAP-0009-A', 3)])).body.error.detail.max_quantity).toBe(2)
    expect((await quoteOf(await shop.member(), [shop.line('CAP-0009-A', 3)])).lines[0]!.max_quantity).toBe(4)
  })

  it('lifts the limit of a member whose e-mail is not verified once an order of theirs was paid, refunded or not', async () => {
    const limitOf = async (m: Member) => (await m.call('POST', '/api/v1/checkout/quote', { lines: [shop.line('CAP-0001-A', 5)] })).body.data.unverified_limit
    // a social sign-up whose provider did not vouch for the address, say
    const buyer = await shop.member({ verified: false })
    expect(await limitOf(buyer)).toEqual({ max_unpaid_orders: 1, max_units: 3, unpaid_orders: 0 })
    const first = (await buyer.checkout([shop.line('CAP-0001-A', 1)])).body.data
    expect(await limitOf(buyer)).toEqual({ max_unpaid_orders: 1, max_units: 3, unpaid_orders: 1 })
    expect((await buyer.checkout([shop.line('CAP-0001-A', 1)])).body.error.code).toBe('EMAIL_NOT_VERIFIED')
    expect((await shop.pay(first.payment.client_secret, 'pm_card_visa')).status).toBe(200)
    await shop.settle()
    expect(await limitOf(buyer)).toBeNull()
    expect((await buyer.checkout([shop.line('CAP-0001-A', 5)])).status).toBe(201)
    expect((await buyer.checkout([shop.line('CAP-0001-A', 5)])).status).toBe(201)

    // a paid order cancelled and refunded still showed a card that works
    const refunded = await shop.member({ verified: false })
    const order = (await refunded.checkout([shop.line('CAP-0001-A', 1)])).body.data
    expect((await shop.pay(order.payment.client_secret, 'pm_card_visa')).status).toBe(200)
    await shop.settle()
    expect((await refunded.call('POST', `/api/v1/ec-order/${order.no}/cancel`)).status).toBe(200)
    expect((await refunded.checkout([shop.line('CAP-0001-A', 4)])).status).toBe(201)

    // a declined card shows nothing
    const declined = await shop.member({ verified: false })
    const tried = (await declined.checkout([shop.line('CAP-0001-A', 1)])).body.data
    expect((await shop.pay(tried.payment.client_secret, 'pm_card_chargeDeclined')).status).toBe(402)
    await shop.settle()
    expect((await declined.call('POST', `/api/v1/ec-order/${tried.no}/cancel`)).status).toBe(200)
    expect((await declined.checkout([shop.line('CAP-0001-A', 4)])).body.error.code).toBe('EMAIL_NOT_VERIFIED')
  })

  it('lets a member whose e-mail is not verified hold one unpaid order of up to UNVERIFIED_MAX_UNITS units, until the mail’s link is followed', async () => {
    const fresh = await shop.member({ verified: false })
    const all = await fresh.checkout([shop.line('CAP-0004-A', 10)])
    expect(all.status).toBe(403)
    expect(all.body).toEqual({ error: { code: 'EMAIL_NOT_VERIFIED', message: VERIFY_MESSAGE, detail: { max_unpaid_orders: 1, max_units: 3 } } })
    expect((await inLanguage(fresh, [shop.line('CAP-0004-A', 4)], 'zh_tw')).message).toBe('請先完成電子郵件驗證才能訂購更多商品：驗證前，您只能有一筆未付款訂單，且僅限少量商品。')
    expect((await inLanguage(fresh, [shop.line('CAP-0004-A', 4)], 'ja')).message).toBe(
      'さらにご注文いただくには、メールアドレスの確認をお願いします。確認が済むまでは、お支払い前のご注文は少量の商品で 1 件までです。',
    )
    // the units of all lines count together
    expect((await fresh.checkout([shop.line('CAP-0004-A', 2), shop.line('CAP-0001-A', 2)])).body.error.code).toBe('EMAIL_NOT_VERIFIED')
    expect(await stockOf('CAP-0004-A')).toBe(12)
    expect((await fresh.checkout([shop.line('CAP-0004-A', 2), shop.line('CAP-0001-A', 1)])).status).toBe(201)
    // one order only, however small the next
    expect((await fresh.checkout([shop.line('CAP-0001-A', 1)])).body.error.code).toBe('EMAIL_NOT_VERIFIED')
    expect(await ordersOf(fresh.id)).toHaveLength(1)
    expect(await stockOf('CAP-0004-A')).toBe(10)

    // following the link of the sign-up's mail lifts it
    const [member] = await shop.database.db.select({ email: users.email }).from(users).where(eq(users.id, fresh.id))
    const link = shop.mails.find((mail) => mail.to === member!.email && mail.link?.includes('/verify_email/confirm'))!.link!
    expect((await fetch(`${shop.url}${new URL(link).pathname}${new URL(link).search}`, { redirect: 'manual' })).status).toBe(302)
    expect((await fresh.checkout([shop.line('CAP-0004-A', 4)])).status).toBe(201)
  })

  it('holds the caps against concurrent checkouts: two tabs of one member, an unverified member, many members at once', async () => {
    // one member, six tabs of 3 units of 12: 3 (12 left), 3 more (9 left, 6 of 12), then no more
    const tabs = await shop.member()
    const attempts = await Promise.all(Array.from({ length: 6 }, () => tabs.checkout([shop.line('CAP-0005-A', 3)])))
    expect(attempts.filter((a) => a.status === 201)).toHaveLength(2)
    for (const refused of attempts.filter((a) => a.status !== 201)) expect(refused.body.error.code).toBe('VARIANT_HOLD_LIMIT')
    expect(await stockOf('CAP-0005-A')).toBe(6)
    expect(await ordersOf(tabs.id)).toHaveLength(2)

    const unverified = await shop.member({ verified: false })
    const clicks = await Promise.all(Array.from({ length: 6 }, () => unverified.checkout([shop.line('CAP-0001-A', 1)])))
    expect(clicks.filter((a) => a.status === 201)).toHaveLength(1)
    for (const refused of clicks.filter((a) => a.status !== 201)) expect(refused.body.error.code).toBe('EMAIL_NOT_VERIFIED')
    expect(await ordersOf(unverified.id)).toHaveLength(1)

    // six members, two tabs each, 3 units of 12 at once: never oversold, nobody past half
    const members = await Promise.all(Array.from({ length: 6 }, () => shop.member()))
    const rush = await Promise.all(members.flatMap((m) => [m.checkout([shop.line('CAP-0006-A', 3)]), m.checkout([shop.line('CAP-0006-A', 3)])]))
    for (const refused of rush.filter((a) => a.status !== 201)) expect(['VARIANT_HOLD_LIMIT', 'OUT_OF_STOCK']).toContain(refused.body.error.code)
    const left = await stockOf('CAP-0006-A')
    expect(left).toBeGreaterThanOrEqual(0)
    let sold = 0
    for (const m of members) {
      const units = (await ordersOf(m.id)).length * 3
      expect(units).toBeLessThanOrEqual(6)
      sold += units
    }
    expect(sold).toBe(12 - left)
    expect(rush.filter((a) => a.status === 201).length * 3).toBe(sold)
  })
})
