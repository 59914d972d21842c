import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cartItems, couponRedemptions, coupons, orderRequests, orders, users, variants } from '../../server/db/schema'
import { createLogger } from '../../server/lib/logger'
import { AppError } from '../../server/lib/errors'
import { carrierChecker } from '../../server/integrations/e-invoice'
import { redeemCoupon, releaseRedemption } from '../../server/modules/coupon/service'
import { SEED_COUPONS, seedCouponsIfEmpty } from '../../server/modules/coupon/seed'
import { loadConfig } from '../../server/config'
import { sql } from 'drizzle-orm'
import { smallCatalogue } from '../fixtures/catalogue-factory'
import { registration } from '../fixtures/member-factory'
import { databaseTargets, startShop, type TestShop } from './harness'
import { startEinvoiceStandIn, type EinvoiceStandIn } from './support/einvoice-stand-in'

const targets = await databaseTargets()
const json = { 'content-type': 'application/json' }

async function memberOf(shop: TestShop) {
  const body = registration()
  await shop.json('/api/v1/register', { method: 'POST', headers: json, body: JSON.stringify(body) })
  const login = await shop.json('/api/v1/login', { method: 'POST', headers: json, body: JSON.stringify({ email: body.email, password: body.password }) })
  const token = login.body.data.token as string
  const [user] = await shop.database.db.select().from(users).where(eq(users.email, body.email))
  const call = (method: string, path: string, payload?: unknown, locale = 'en', headers: Record<string, string> = {}) =>
    shop.json(`/api/v1${path}`, { method, locale, headers: { authorization: `Bearer ${token}`, ...json, ...headers }, body: payload === undefined ? undefined : JSON.stringify(payload) })
  return { id: user!.id, call }
}

describe('mobile barcode check against the Ministry of Finance', () => {
  let standIn: EinvoiceStandIn
  let shop: TestShop
  beforeAll(async () => {
    standIn = await startEinvoiceStandIn({ barcodes: ['/ABC+123', '/1234567'] })
    shop = await startShop(
      { kind: 'pglite' },
      {
        catalogue: smallCatalogue(),
        env: {
          AUTH_RATE_LIMIT: '1000',
          EINVOICE_APP_ID: standIn.appId,
          EINVOICE_API_KEY: standIn.apiKey,
          EINVOICE_CARRIER_CHECK_URL: standIn.url,
          EINVOICE_TIMEOUT_MS: '300',
        },
      },
    )
  })
  afterAll(async () => {
    await shop?.close()
    await standIn?.close()
  })
  beforeEach(() => {
    standIn.mode = 'ok'
    standIn.requests.length = 0
  })

  it('sends a signed bcv request and answers an existing barcode, normalised', async () => {
    const m = await memberOf(shop)
    const { status, body } = await m.call('POST', '/invoice/check-carrier', { carrier_code: ' /abc+123 ' })
    expect(status).toBe(200)
    expect(body).toEqual({ data: { carrier_code: '/ABC+123', exists: true, verified: true } })
    expect(standIn.requests).toHaveLength(1)
    expect(standIn.requests[0]).toMatchObject({ version: '1.0', action: 'bcv', barCode: '/ABC+123', appId: standIn.appId })
    expect(standIn.requests[0]!.TxID).toMatch(/^\d{19}$/)
    expect(Number(standIn.requests[0]!.timeStamp)).toBeCloseTo(Date.now() / 1000, -2)
  })

  it('keeps an answer for a while instead of asking again', async () => {
    const m = await memberOf(shop)
    await m.call('POST', '/invoice/check-carrier', { carrier_code: '/1234567' })
    await m.call('POST', '/invoice/check-carrier', { carrier_code: '/1234567' })
    expect(standIn.requests).toHaveLength(1)
  })

  it("answers 'mobile barcode does not exist' in the shopper's language", async () => {
    const m = await memberOf(shop)
    const messages: Record<string, string> = { en: 'mobile barcode does not exist', zh_tw: '手機條碼不存在', ja: 'このモバイルバーコードは存在しません' }
    for (const [locale, message] of Object.entries(messages)) {
      const { status, body } = await m.call('POST', '/invoice/check-carrier', { carrier_code: '/ZZZ9999' }, locale)
      expect(status).toBe(400)
      expect(body.error).toEqual({ code: 'CARRIER_NOT_FOUND', message, detail: { carrier_code: [message] } })
    }
  })

  it('checks the format before asking the Ministry', async () => {
    const m = await memberOf(shop)
    for (const code of ['1234567', '/123456', '/ABC_123', '/ABCD1234']) {
      const { status, body } = await m.call('POST', '/invoice/check-carrier', { carrier_code: code })
      expect(status).toBe(400)
      expect(body.error.detail).toEqual({ carrier_code: ['A mobile barcode is a slash followed by 7 characters (0-9, A-Z, . + -)'] })
    }
    const zh = await m.call('POST', '/invoice/check-carrier', { carrier_code: '/12' }, 'zh_tw')
    expect(zh.body.error.detail).toEqual({ carrier_code: ['手機條碼為斜線「/」加上 7 碼（0-9、A-Z、.、+、-）'] })
    expect(standIn.requests).toHaveLength(0)
  })

  it('answers 503 CARRIER_CHECK_UNAVAILABLE when the Ministry fails, is slow or refuses', async () => {
    const m = await memberOf(shop)
    for (const [mode, code] of [
      ['down', '/DOWN001'],
      ['slow', '/SLOW001'],
      ['refuse', '/REFU001'],
    ] as const) {
      standIn.mode = mode
      const started = Date.now()
      const { status, body } = await m.call('POST', '/invoice/check-carrier', { carrier_code: code }, 'ja')
      expect(status, mode).toBe(503)
      expect(body.error.code).toBe('CARRIER_CHECK_UNAVAILABLE')
      expect(body.error.message).toBe('現在モバイルバーコードを確認できません。しばらくしてから再度お試しください。')
      expect(Date.now() - started).toBeLessThan(2000)
    }
    // a failure is not remembered: the next check asks again
    standIn.mode = 'ok'
    standIn.barcodes.add('/DOWN001')
    expect((await m.call('POST', '/invoice/check-carrier', { carrier_code: '/DOWN001' })).body.data.verified).toBe(true)
  })

  it('is refused by the Ministry with a wrong key, and says so as unavailable', async () => {
    const checker = carrierChecker({ ...loadConfig({}).einvoice, credentials: { appId: standIn.appId, apiKey: 'wrong-key' }, carrierCheckUrl: standIn.url, timeoutMs: 1000 }, createLogger('silent'))
    await expect(checker.check('/ABC+123')).rejects.toMatchObject({ code: 'CARRIER_CHECK_UNAVAILABLE', status: 503 })
  })

  it('limits checks per member', async () => {
    const m = await memberOf(shop)
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) statuses.push((await m.call('POST', '/invoice/check-carrier', { carrier_code: '/ABC+123' })).status)
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true)
    expect(statuses[20]).toBe(429)
  })

  describe('when the order is placed', () => {
    const recipient = { name: '林美', phone: '0912-345-678', zip_code: '106', county: '台北市', district: '大安區', address: '復興南路一段 390 號' }
    let snack: { product_id: number; variant_id: number }
    beforeAll(async () => {
      const [row] = await shop.database.db.select().from(variants).where(eq(variants.sku, 'SNK-0001-A'))
      snack = { product_id: row!.product_id, variant_id: row!.id }
      await shop.database.db.insert(coupons).values({ code: 'BARCODE20', title: { zh_tw: '折 20', en: '20 off', ja: '20 引き' }, kind: 'fixed', value: 20 })
    })
    const place = (m: Awaited<ReturnType<typeof memberOf>>, key: string, invoice: Record<string, string>, extra: Record<string, unknown> = {}, locale = 'en') =>
      m.call('POST', '/ec-order', { lines: [{ ...snack, quantity: 1 }], recipient, invoice: { mode: 'personal', email: 'mei@example.tw', name: '林美', ...invoice }, ...extra }, locale, { 'idempotency-key': key })
    const mobile = (carrier_code: string) => ({ carrier_type: 'mobile', carrier_code })
    const verifiedOf = async (no: string) => (await shop.database.db.select({ verified: orders.invoice_carrier_verified }).from(orders).where(eq(orders.no, no)))[0]!.verified
    const stockLeft = async () => (await shop.database.db.select({ n: variants.stock_left }).from(variants).where(eq(variants.id, snack.variant_id)))[0]!.n

    it("refuses a barcode the Ministry says does not exist as the payment page's check does, and changes nothing", async () => {
      const m = await memberOf(shop)
      await m.call('POST', '/cart', { ...snack, quantity: 1 })
      const stock = await stockLeft()
      const messages: Record<string, string> = { en: 'mobile barcode does not exist', zh_tw: '手機條碼不存在', ja: 'このモバイルバーコードは存在しません' }
      for (const [locale, message] of Object.entries(messages)) {
        const { status, body } = await place(m, 'unknown-barcode', mobile(' /nope000 '), { coupon_code: 'BARCODE20' }, locale)
        expect(status, locale).toBe(400)
        expect(body.error).toEqual({ code: 'CARRIER_NOT_FOUND', message, detail: { 'invoice.carrier_code': [message] } })
      }
      const db = shop.database.db
      expect(await db.select().from(orders).where(eq(orders.user_id, m.id))).toHaveLength(0)
      expect(await db.select().from(orderRequests).where(eq(orderRequests.user_id, m.id))).toHaveLength(0)
      expect(await db.select().from(couponRedemptions).where(eq(couponRedemptions.user_id, m.id))).toHaveLength(0)
      expect(await db.select().from(cartItems).where(eq(cartItems.user_id, m.id))).toHaveLength(1)
      expect(await stockLeft()).toBe(stock)
      // nothing was claimed under the key: corrected, the same attempt places the order
      const placed = await place(m, 'unknown-barcode', mobile('/ABC+123'), { coupon_code: 'BARCODE20' })
      expect(placed.status).toBe(201)
      expect(placed.body.data.discount).toBe(20)
      expect(await verifiedOf(placed.body.data.no)).toBe(true)
    })

    it('takes the order with the barcode marked unverified when the Ministry fails, is slow or refuses', async () => {
      for (const [mode, code] of [
        ['down', '/DOWN002'],
        ['slow', '/SLOW002'],
        ['refuse', '/REFU002'],
      ] as const) {
        standIn.mode = mode
        const m = await memberOf(shop)
        const started = Date.now()
        const placed = await place(m, `outage-${mode}`, mobile(code))
        expect(placed.status, mode).toBe(201)
        expect(Date.now() - started).toBeLessThan(2000)
        expect(placed.body.data.invoice.carrier_code).toBe(code)
        expect(await verifiedOf(placed.body.data.no), mode).toBe(false)
      }
      expect(standIn.requests.map((r) => r.barCode)).toEqual(['/DOWN002', '/SLOW002', '/REFU002'])
    })

    it("confirms a barcode the Ministry knows, with one question for the payment page's check and the order", async () => {
      standIn.barcodes.add('/KNOWN01')
      const m = await memberOf(shop)
      expect((await m.call('POST', '/invoice/check-carrier', { carrier_code: '/KNOWN01' })).body.data.verified).toBe(true)
      const placed = await place(m, 'known', mobile(' /known01 '))
      expect(placed.status).toBe(201)
      expect(await verifiedOf(placed.body.data.no)).toBe(true)
      expect(standIn.requests).toHaveLength(1)
    })

    it('asks nothing for an invoice without a mobile barcode', async () => {
      const m = await memberOf(shop)
      const placed = await place(m, 'no-barcode', { carrier_type: 'none' })
      expect(placed.status).toBe(201)
      expect(await verifiedOf(placed.body.data.no)).toBeNull()
      expect(standIn.requests).toHaveLength(0)
    })

    it('is documented on the order endpoint, beside the refusals every endpoint can give', async () => {
      const responses = (await shop.json('/api/v1/openapi.json')).body.paths['/ec-order'].post.responses
      expect(responses['400'].description).toContain('CARRIER_NOT_FOUND')
      expect(responses['400'].description).toContain('VALIDATION_FAILED')
      expect(responses['503'].description).toContain('PAYMENT_PROVIDER_UNAVAILABLE')
      expect(responses['503'].description).toContain('SERVICE_UNAVAILABLE')
    })

    it("counts among the member's checks: past the limit the Ministry is not asked and the barcode stays unverified", async () => {
      const m = await memberOf(shop)
      for (let i = 0; i < 20; i++) await m.call('POST', '/invoice/check-carrier', { carrier_code: '/ABC+123' })
      const placed = await place(m, 'over-the-limit', mobile('/LIMIT01'))
      expect(placed.status).toBe(201)
      expect(await verifiedOf(placed.body.data.no)).toBe(false)
      expect(standIn.requests.map((r) => r.barCode)).not.toContain('/LIMIT01')
    })
  })

  it('says in the public config that barcodes are checked', async () => {
    expect((await shop.json('/api/v1/config')).body.data.checkout).toEqual({ logistics_fee: 100, logistics_fee_cvs: 60, free_shipping_threshold: 1500, carrier_check: true })
  })
})

describe('mobile barcode check without Ministry credentials', () => {
  it('checks the format only and says so', async () => {
    const shop = await startShop({ kind: 'pglite' }, { catalogue: smallCatalogue(), env: { AUTH_RATE_LIMIT: '1000' } })
    try {
      const m = await memberOf(shop)
      expect((await m.call('POST', '/invoice/check-carrier', { carrier_code: ' /anythin' })).body).toEqual({ data: { carrier_code: '/ANYTHIN', exists: true, verified: false } })
      const [snack] = await shop.database.db.select().from(variants).where(eq(variants.sku, 'SNK-0001-A'))
      const invoice = { mode: 'personal', carrier_type: 'mobile', carrier_code: '/ANYTHIN', email: 'mei@example.tw', name: '林美' }
      const recipient = { name: '林美', phone: '0912-345-678', zip_code: '106', county: '台北市', district: '大安區', address: '復興南路一段 390 號' }
      const placed = await m.call('POST', '/ec-order', { lines: [{ product_id: snack!.product_id, variant_id: snack!.id, quantity: 1 }], recipient, invoice }, 'en', { 'idempotency-key': 'format-only' })
      expect(placed.status).toBe(201)
      const [order] = await shop.database.db.select().from(orders).where(eq(orders.no, placed.body.data.no))
      expect(order!.invoice_carrier_verified).toBe(false)
      expect((await m.call('POST', '/invoice/check-carrier', { carrier_code: '/short' })).status).toBe(400)
      expect((await shop.request('/api/v1/invoice/check-carrier', { method: 'POST', headers: json, body: '{"carrier_code":"/ABC+123"}' })).status).toBe(401)
      expect((await shop.json('/api/v1/config')).body.data.checkout.carrier_check).toBe(false)
    } finally {
      await shop.close()
    }
  })
})

describe.each(targets)('coupons on $kind', (target) => {
  let shop: TestShop
  const ids: Record<string, { product_id: number; variant_id: number }> = {}
  const now = new Date('2026-11-21T09:00:00Z')
  beforeAll(async () => {
    shop = await startShop(target, { catalogue: smallCatalogue(), env: { AUTH_RATE_LIMIT: '1000' } })
    for (const row of await shop.database.db.select().from(variants)) ids[row.sku] = { product_id: row.product_id, variant_id: row.id }
    await shop.database.db.insert(coupons).values([
      ...SEED_COUPONS,
      { code: 'Later2027', title: { zh_tw: '明年', en: 'Next year', ja: '来年' }, kind: 'fixed', value: 50, starts_at: new Date('2027-01-01T00:00:00Z') },
      { code: 'PAUSED', title: { zh_tw: '暫停', en: 'Paused', ja: '停止' }, kind: 'fixed', value: 50, active: false },
      { code: 'LAST2', title: { zh_tw: '限量', en: 'Limited', ja: '限定' }, kind: 'fixed', value: 20, total_limit: 2 },
    ])
  })
  afterAll(() => shop?.close())

  const line = (sku: string, quantity: number) => ({ ...ids[sku]!, quantity })
  const check = (m: Awaited<ReturnType<typeof memberOf>>, code: string, lines: unknown[], locale = 'en') => m.call('POST', '/coupon/check', { code, lines }, locale)

  it("answers 'Promo code successful' with what the coupon does to this cart, in three languages", async () => {
    const m = await memberOf(shop)
    const lines = [line('TEA-0001-A', 1), line('SNK-0001-A', 1)] // 650 + 280 = 930
    const en = await check(m, ' welcome100 ', lines)
    expect(en.status).toBe(200)
    expect(en.body.data).toEqual({
      message: 'Promo code successful',
      coupon: {
        code: 'WELCOME100',
        title: 'NT$100 off your first order of NT$800 or more',
        kind: 'fixed',
        value: 100,
        max_discount: null,
        min_spend: 800,
        discount: 100,
        free_shipping: false,
        ends_at: null,
      },
      subtotal: 930,
      discount: 100,
      logistics_fee: 100,
      amount: 930,
    })
    const zh = await check(m, 'WELCOME100', lines, 'zh_tw')
    expect([zh.body.data.message, zh.body.data.coupon.title]).toEqual(['優惠碼使用成功', '新會員首購折 NT$100（滿 NT$800）'])
    const ja = await check(m, 'WELCOME100', lines, 'ja')
    expect([ja.body.data.message, ja.body.data.coupon.title]).toEqual(['クーポンを適用しました', '初回購入 NT$800 以上で NT$100 オフ'])
    // checking uses nothing up
    expect(await shop.database.db.select().from(couponRedemptions)).toHaveLength(0)
  })

  it('applies percentage and free-shipping coupons', async () => {
    const m = await memberOf(shop)
    const matcha = await check(m, 'matcha10', [line('TEA-0001-A', 1)]) // 650 → 65
    expect(matcha.body.data).toMatchObject({ subtotal: 650, discount: 65, logistics_fee: 100, amount: 685, coupon: { kind: 'percent', value: 10, max_discount: 300 } })
    const ship = await check(m, 'FREESHIP', [line('TEA-0001-A', 1)])
    expect(ship.body.data).toMatchObject({ subtotal: 650, discount: 0, logistics_fee: 0, amount: 650, coupon: { kind: 'free_shipping', free_shipping: true } })
  })

  it('refuses a free-delivery coupon on an order that already ships free, saying it adds nothing, in three languages', async () => {
    const m = await memberOf(shop)
    const big = [line('TEA-0001-A', 3)] // 1950, past the NT$1,500 threshold
    const en = await check(m, 'FREESHIP', big)
    expect(en.status).toBe(400)
    expect(en.body.error).toEqual({
      code: 'COUPON_INVALID',
      message: 'Coupon error',
      detail: { code: ['This order already ships free, so this coupon adds nothing. Keep it for another order.'], reason: ['COUPON_NO_EFFECT'], free_shipping_threshold: 1500 },
    })
    expect((await check(m, 'FREESHIP', big, 'zh_tw')).body.error.detail.code).toEqual(['這筆訂單已享免運，此優惠券不會再折抵任何金額，請留待其他訂單使用。'])
    expect((await check(m, 'FREESHIP', big, 'ja')).body.error.detail.code).toEqual(['このご注文はすでに送料無料のため、このクーポンを使っても割引はありません。別のご注文でお使いください。'])
    // the quote says the same, and nothing is used up
    const quote = await m.call('POST', '/checkout/quote', { lines: big, coupon_code: 'FREESHIP' }, 'en')
    expect(quote.body.error).toMatchObject({ code: 'COUPON_INVALID', detail: { coupon_code: ['This order already ships free, so this coupon adds nothing. Keep it for another order.'], reason: ['COUPON_NO_EFFECT'] } })
    expect(await shop.database.db.select().from(couponRedemptions)).toHaveLength(0)
  })

  it("answers 'Coupon error' with the precise reason, in three languages", async () => {
    const m = await memberOf(shop)
    const big = [line('TEA-0001-A', 2)] // 1300
    const cases: [string, unknown[], string, string, Record<string, unknown>?][] = [
      ['NOPE', big, 'COUPON_NOT_FOUND', 'This coupon code does not exist.'],
      ['SAKURA2026', big, 'COUPON_EXPIRED', 'This coupon has expired.'],
      ['later2027', big, 'COUPON_NOT_STARTED', 'This coupon cannot be used yet.'],
      ['PAUSED', big, 'COUPON_INACTIVE', 'This coupon is no longer offered.'],
      ['WELCOME100', [line('SNK-0001-A', 2)], 'COUPON_MIN_SPEND', 'Your order does not reach this coupon’s minimum spend.', { min_spend: 800 }],
    ]
    for (const [code, lines, reason, message, extra] of cases) {
      const { status, body } = await check(m, code, lines)
      expect(status, code).toBe(400)
      expect(body.error).toEqual({ code: 'COUPON_INVALID', message: 'Coupon error', detail: { code: [message], reason: [reason], ...extra } })
    }
    const zh = await check(m, 'SAKURA2026', big, 'zh_tw')
    expect(zh.body.error).toEqual({ code: 'COUPON_INVALID', message: '優惠碼錯誤', detail: { code: ['此優惠券已過期。'], reason: ['COUPON_EXPIRED'] } })
    const ja = await check(m, 'NOPE', big, 'ja')
    expect(ja.body.error).toEqual({ code: 'COUPON_INVALID', message: 'クーポンエラー', detail: { code: ['このクーポンコードは存在しません。'], reason: ['COUPON_NOT_FOUND'] } })
  })

  it('counts per-member and total limits from redemptions, and gives a use back on release', async () => {
    const a = await memberOf(shop)
    const b = await memberOf(shop)
    const c = await memberOf(shop)
    const lines = [line('TEA-0001-A', 2)]
    const redeem = (memberId: number, code: string, orderId?: number) =>
      shop.database.db.transaction((tx) => redeemCoupon(tx, { code, memberId, subtotal: 1300, now, orderId }))
    const first = await redeem(a.id, 'welcome100', 501)
    expect(first).toMatchObject({ discount: 100, freeShipping: false })
    expect((await check(a, 'WELCOME100', lines)).body.error.detail.reason).toEqual(['COUPON_MEMBER_LIMIT'])
    expect((await check(b, 'WELCOME100', lines)).status).toBe(200)
    await expect(redeem(a.id, 'WELCOME100')).rejects.toMatchObject({ code: 'COUPON_INVALID', detail: { reason: ['COUPON_MEMBER_LIMIT'] } })

    expect(await shop.database.db.transaction((tx) => releaseRedemption(tx, { orderId: 501 }, now))).toBe(true)
    expect(await shop.database.db.transaction((tx) => releaseRedemption(tx, { orderId: 501 }, now))).toBe(false)
    expect((await check(a, 'WELCOME100', lines)).status).toBe(200)

    await redeem(a.id, 'LAST2')
    const second = await redeem(b.id, 'LAST2')
    expect((await check(c, 'LAST2', lines)).body.error.detail).toEqual({ code: ['This coupon has been fully redeemed.'], reason: ['COUPON_USED_UP'] })
    await shop.database.db.transaction((tx) => releaseRedemption(tx, { redemptionId: second.redemptionId }, now))
    const third = await redeem(c.id, 'LAST2')
    const [row] = await shop.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.id, third.redemptionId))
    expect(row).toMatchObject({ user_id: c.id, released_at: null })
  })

  it('never lets concurrent orders overrun the total or the per-member limit', async () => {
    const db = shop.database.db
    const [total] = await db.insert(coupons).values({ code: 'RUSH3', title: { zh_tw: '搶', en: 'Rush', ja: '先着' }, kind: 'fixed', value: 30, total_limit: 3 }).returning()
    const [perMember] = await db.insert(coupons).values({ code: 'TWICE', title: { zh_tw: '兩次', en: 'Twice', ja: '二回' }, kind: 'fixed', value: 30, per_member_limit: 2 }).returning()
    const members = await Promise.all(Array.from({ length: 8 }, () => memberOf(shop)))
    // each order holds its transaction open a little after redeeming, as a real order does while it reserves stock
    const order = (memberId: number, code: string) =>
      db.transaction(async (tx) => {
        const used = await redeemCoupon(tx, { code, memberId, subtotal: 1000, now })
        await tx.execute(sql`select pg_sleep(0.02)`)
        return used
      })
    const rush = await Promise.allSettled(members.map((m) => order(m.id, 'RUSH3')))
    expect(rush.filter((r) => r.status === 'fulfilled')).toHaveLength(3)
    for (const r of rush.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AppError)
    expect(rush.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.detail.reason[0])).toEqual(Array(5).fill('COUPON_USED_UP'))
    const live = (couponId: number) => db.select().from(couponRedemptions).where(and(eq(couponRedemptions.coupon_id, couponId), isNull(couponRedemptions.released_at)))
    expect(await live(total!.id)).toHaveLength(3)

    const twice = await Promise.allSettled(Array.from({ length: 6 }, () => order(members[0]!.id, 'TWICE')))
    expect(twice.filter((r) => r.status === 'fulfilled')).toHaveLength(2)
    expect(await live(perMember!.id)).toHaveLength(2)
  })

  it('limits checks per member, so codes cannot be tried by the thousand', async () => {
    const m = await memberOf(shop)
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await check(m, `GUESS${i}`, [line('SNK-0001-A', 1)])).status)
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true)
    expect(statuses[30]).toBe(429)
    shop.clock.advance(60_000)
    expect((await check(m, 'MATCHA10', [line('SNK-0001-A', 1)])).status).toBe(200)
  })

  it('is for members only and validates its input', async () => {
    expect((await shop.request('/api/v1/coupon/check', { method: 'POST', headers: json, body: JSON.stringify({ code: 'X', lines: [] }) })).status).toBe(401)
    const m = await memberOf(shop)
    const { status, body } = await m.call('POST', '/coupon/check', { code: ' ', lines: [] })
    expect(status).toBe(400)
    expect(body.error).toEqual({ code: 'VALIDATION_FAILED', message: 'The given data was invalid.', detail: { code: ['is required'], lines: ['Your cart is empty.'] } })
  })
})

describe.each(targets)('the opening coupons on $kind', (target) => {
  it('are loaded once into a shop without coupons', async () => {
    const shop = await startShop(target)
    try {
      const logger = createLogger('silent')
      expect(await seedCouponsIfEmpty(shop.database.db, logger)).toBe(4)
      expect(await seedCouponsIfEmpty(shop.database.db, logger)).toBe(0)
      const codes = (await shop.database.db.select().from(coupons)).map((c) => c.code).sort()
      expect(codes).toEqual(['FREESHIP', 'MATCHA10', 'SAKURA2026', 'WELCOME100'])
      await expect(shop.database.db.insert(coupons).values({ ...SEED_COUPONS[0]!, code: 'welcome100' })).rejects.toThrow()
    } finally {
      await shop.close()
    }
  })
})
