import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coupons, products, variants } from '../../server/db/schema'
import { priceOrder } from '../../server/flows/checkout/quote'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { registration } from '../fixtures/member-factory'
import { databaseTargets, startShop, type TestShop } from './harness'

const targets = await databaseTargets()
const json = { 'content-type': 'application/json' }

/** The small catalogue plus fillers at 1, 10, 100 and 1,000, so that any subtotal can be reached within the units a line may hold. */
function catalogue() {
  const file = smallCatalogue()
  const label = { zh_tw: '1個', en: '1 piece', ja: '1個' }
  file.products.push(
    productRecord('ONE-0001', { variants: [{ sku: 'ONE-0001-A', label, price: 1, stock_left: 99 }] }),
    productRecord('HUN-0001', { variants: [{ sku: 'HUN-0001-A', label, price: 100, stock_left: 99 }] }),
    productRecord('TEN-0001', { variants: [{ sku: 'TEN-0001-A', label, price: 10, stock_left: 99 }] }),
    productRecord('THO-0001', { variants: [{ sku: 'THO-0001-A', label, price: 1000, stock_left: 99 }] }),
  )
  return file
}

describe.each(targets)('server-computed totals on $kind', (target) => {
  let shop: TestShop
  let call: (path: string, body: unknown, locale?: string) => Promise<{ status: number; body: any }>
  const ids: Record<string, { product_id: number; variant_id: number }> = {}
  beforeAll(async () => {
    shop = await startShop(target, { catalogue: catalogue(), env: { AUTH_RATE_LIMIT: '1000' } })
    for (const row of await shop.database.db.select().from(variants)) ids[row.sku] = { product_id: row.product_id, variant_id: row.id }
    const title = (en: string) => ({ zh_tw: en, en, ja: en })
    await shop.database.db.insert(coupons).values([
      { code: 'FIXED100', title: title('NT$100 off'), kind: 'fixed', value: 100 },
      { code: 'BIG1000', title: title('NT$1,000 off'), kind: 'fixed', value: 1000 },
      { code: 'PCT15', title: title('15% off'), kind: 'percent', value: 15 },
      { code: 'PCT10CAP', title: title('10% off, at most NT$300'), kind: 'percent', value: 10, max_discount: 300 },
      { code: 'SHIPFREE', title: title('Free delivery'), kind: 'free_shipping', value: 0 },
    ])
    const body = registration()
    await shop.json('/api/v1/register', { method: 'POST', headers: json, body: JSON.stringify(body) })
    const login = await shop.json('/api/v1/login', { method: 'POST', headers: json, body: JSON.stringify({ email: body.email, password: body.password }) })
    const token = login.body.data.token as string
    call = (path, payload, locale = 'en') => shop.json(`/api/v1${path}`, { method: 'POST', locale, headers: { authorization: `Bearer ${token}`, ...json }, body: JSON.stringify(payload) })
  })
  afterAll(() => shop?.close())

  const line = (sku: string, quantity: number) => ({ ...ids[sku]!, quantity })
  const quote = async (lines: unknown[], coupon_code?: string) => {
    const { status, body } = await call('/checkout/quote', { lines, coupon_code })
    expect(status, JSON.stringify(body)).toBe(200)
    return body.data
  }
  const totals = (q: { subtotal: number; discount: number; logistics_fee: number; tax: number; amount: number }) => [q.subtotal, q.discount, q.logistics_fee, q.tax, q.amount]

  it('prices the lines from the database, in the shopper’s language', async () => {
    const q = await quote([line('SNK-0001-B', 2), line('TEA-0001-A', 1)])
    expect(q).toEqual({
      lines: [
        { ...ids['SNK-0001-B'], name: 'Takoyaki rice crackers', variant_label: '16 pieces', image: '/images/products/snk-0001.svg', stock_type: 'OFF_SHELF', unit_price: 520, quantity: 2, line_total: 1040, max_quantity: 3 },
        { ...ids['TEA-0001-A'], name: 'Uji matcha', variant_label: '40 g tin', image: '/images/products/tea-0001.svg', stock_type: 'OFF_SHELF', unit_price: 650, quantity: 1, line_total: 650, max_quantity: 15 },
      ],
      subtotal: 1690,
      discount: 0,
      logistics_fee: 0,
      tax: 80, // 1690 × 5 / 105 = 80.48
      amount: 1690,
      coupon: null,
      shipment: 'home',
      free_shipping_threshold: 1500,
      currency: 'TWD',
      // this member's e-mail is not verified (decision 61); max_quantity: 3 of the 4 left, and half of 30
      unverified_limit: { max_unpaid_orders: 1, max_units: 3, unpaid_orders: 0 },
      // goods over the threshold: every delivery method is free
      shipment_fees: { home: 0, cvs: 0 },
    })
    const zh = (await call('/checkout/quote', { lines: [line('SNK-0001-B', 1)] }, 'zh_tw')).body.data.lines[0]
    expect([zh.name, zh.variant_label]).toEqual(['章魚燒仙貝', '16入'])
  })

  it('never trusts a price the client sends, and follows a price change', async () => {
    const sent = { ...line('TEA-0001-A', 1), price: 1, unit_price: 1, amount: 1 }
    const { status, body } = await call('/checkout/quote', { lines: [sent], subtotal: 1, amount: 1, discount: 999 })
    expect(status).toBe(200)
    expect(totals(body.data)).toEqual([650, 0, 100, 36, 750])
    await shop.database.db.update(variants).set({ price: 700 }).where(eq(variants.id, ids['TEA-0001-A']!.variant_id))
    try {
      expect(totals(await quote([line('TEA-0001-A', 1)]))).toEqual([700, 0, 100, 38, 800])
    } finally {
      await shop.database.db.update(variants).set({ price: 650 }).where(eq(variants.id, ids['TEA-0001-A']!.variant_id))
    }
  })

  it('charges delivery below the free-shipping threshold and waives it from the threshold on', async () => {
    expect(totals(await quote([line('THO-0001-A', 1), line('HUN-0001-A', 4), line('TEN-0001-A', 9), line('ONE-0001-A', 9)]))).toEqual([1499, 0, 100, 76, 1599])
    expect(totals(await quote([line('THO-0001-A', 1), line('HUN-0001-A', 5)]))).toEqual([1500, 0, 0, 71, 1500])
    expect(totals(await quote([line('THO-0001-A', 1), line('HUN-0001-A', 5), line('ONE-0001-A', 1)]))).toEqual([1501, 0, 0, 71, 1501])
  })

  it('compares the goods after the discount with the threshold', async () => {
    // 1,590 of goods, 100 off: 1,490 is below 1,500, so delivery is charged
    expect(totals(await quote([line('THO-0001-A', 1), line('HUN-0001-A', 5), line('TEN-0001-A', 9)], 'FIXED100'))).toEqual([1590, 100, 100, 76, 1590])
    // 1,600 − 100 = 1,500 ships free
    expect(totals(await quote([line('THO-0001-A', 1), line('HUN-0001-A', 6)], 'fixed100'))).toEqual([1600, 100, 0, 71, 1500])
  })

  it('rounds a percentage to whole TWD, half up, within its cap', async () => {
    expect(totals(await quote([line('TEA-0001-A', 1)], 'PCT15'))).toEqual([650, 98, 100, 31, 652]) // 97.5 → 98
    expect(totals(await quote([line('HUN-0001-A', 1), line('ONE-0001-A', 3)], 'PCT15'))).toEqual([103, 15, 100, 9, 188]) // 15.45 → 15
    const capped = await quote([line('THO-0001-A', 4)], 'PCT10CAP')
    expect(totals(capped)).toEqual([4000, 300, 0, 176, 3700])
    expect(capped.coupon).toMatchObject({ code: 'PCT10CAP', kind: 'percent', discount: 300, max_discount: 300 })
  })

  it('never takes off more than the goods cost', async () => {
    const q = await quote([line('SNK-0001-A', 1)], 'BIG1000')
    expect(totals(q)).toEqual([280, 280, 100, 5, 100])
    expect(q.coupon.discount).toBe(280)
  })

  it('waives delivery for a free-shipping coupon', async () => {
    const q = await quote([line('SNK-0001-A', 1)], 'SHIPFREE')
    expect(totals(q)).toEqual([280, 0, 0, 13, 280])
    expect(q.coupon).toMatchObject({ kind: 'free_shipping', free_shipping: true, discount: 0 })
  })

  it('reports a bad coupon under coupon_code', async () => {
    const { status, body } = await call('/checkout/quote', { lines: [line('SNK-0001-A', 1)], coupon_code: 'NOPE' }, 'zh_tw')
    expect(status).toBe(400)
    expect(body.error).toEqual({ code: 'COUPON_INVALID', message: '優惠碼錯誤', detail: { coupon_code: ['此優惠碼不存在。'], reason: ['COUPON_NOT_FOUND'] } })
  })

  it('refuses unknown, hidden and mismatched products, per line', async () => {
    const [hidden] = await shop.database.db.select().from(products).where(eq(products.sku, 'SNK-0003'))
    const { status, body } = await call('/checkout/quote', {
      lines: [line('SNK-0001-A', 1), { product_id: hidden!.id, variant_id: ids['SNK-0003-A']!.variant_id, quantity: 1 }, { product_id: 1, variant_id: 999999, quantity: 1 }, { ...line('TEA-0001-A', 1), product_id: ids['SNK-0001-A']!.product_id }],
    })
    expect(status).toBe(409)
    const gone = ['This product is no longer available.']
    expect(body.error).toEqual({ code: 'PRODUCT_UNAVAILABLE', message: 'Some items are no longer available.', detail: { 'lines.1': gone, 'lines.2': gone, 'lines.3': gone } })
  })

  it('refuses sold-out lines and quantities beyond the stock, per line, in three languages', async () => {
    const lines = [line('TEA-0002-A', 1), line('SNK-0001-B', 5), line('SNK-0001-A', 10)]
    const en = await call('/checkout/quote', { lines })
    expect(en.status).toBe(409)
    expect(en.body.error).toEqual({
      code: 'OUT_OF_STOCK',
      message: 'Out of stock',
      detail: { 'lines.0': ['Out of stock'], 'lines.1': ['Not enough stock for this quantity.'], 'lines.1.stock_left': 4 },
    })
    expect((await call('/checkout/quote', { lines }, 'zh_tw')).body.error.detail['lines.1']).toEqual(['庫存不足，無法購買此數量。'])
    expect((await call('/checkout/quote', { lines }, 'ja')).body.error.message).toBe('在庫切れ')
  })

  it('validates the input', async () => {
    const { status, body } = await call('/checkout/quote', { lines: [line('SNK-0001-A', 1), line('SNK-0001-A', 2)], shipment: 'store' })
    expect(status).toBe(400)
    expect(body.error.detail).toEqual({ lines: ['lists the same variant twice'], shipment: ['is not one of the allowed values'] })
    expect((await shop.request('/api/v1/checkout/quote', { method: 'POST', headers: json, body: JSON.stringify({ lines: [line('SNK-0001-A', 1)] }) })).status).toBe(401)
  })

  it('follows the configured fee and threshold, for the order module too', async () => {
    const db = shop.database.db
    const base = { memberId: 1, shipment: 'home' as const, now: shop.clock.now() }
    const { quote: q } = await priceOrder(db, { ...base, lines: [line('SNK-0001-A', 1)], pricing: { logisticsFees: { home: 80, cvs: 50 }, freeShippingThreshold: 300 } })
    expect(totals(q)).toEqual([280, 0, 80, 17, 360])
    const { quote: free } = await db.transaction((tx) => priceOrder(tx, { ...base, lines: [line('SNK-0001-A', 1)], pricing: { logisticsFees: { home: 80, cvs: 50 }, freeShippingThreshold: 0 } }))
    expect(totals(free)).toEqual([280, 0, 0, 13, 280])
    expect(free.free_shipping_threshold).toBe(0)
  })
})

describe('configured delivery pricing', () => {
  it('reaches the quote and the public config', async () => {
    const shop = await startShop({ kind: 'pglite' }, { catalogue: catalogue(), env: { AUTH_RATE_LIMIT: '1000', LOGISTICS_FEE: '60', LOGISTICS_FEE_CVS: '45', FREE_SHIPPING_THRESHOLD: '999' } })
    try {
      expect((await shop.json('/api/v1/config')).body.data.checkout).toEqual({ logistics_fee: 60, logistics_fee_cvs: 45, free_shipping_threshold: 999, carrier_check: false })
      const body = registration()
      await shop.json('/api/v1/register', { method: 'POST', headers: json, body: JSON.stringify(body) })
      const token = (await shop.json('/api/v1/login', { method: 'POST', headers: json, body: JSON.stringify({ email: body.email, password: body.password }) })).body.data.token
      const [variant] = await shop.database.db.select().from(variants).where(eq(variants.sku, 'TEA-0001-A'))
      const q = await shop.json('/api/v1/checkout/quote', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...json },
        body: JSON.stringify({ lines: [{ product_id: variant!.product_id, variant_id: variant!.id, quantity: 1 }] }),
      })
      expect(q.body.data).toMatchObject({ subtotal: 650, logistics_fee: 60, amount: 710, tax: 34, free_shipping_threshold: 999, shipment_fees: { home: 60, cvs: 45 } })
    } finally {
      await shop.close()
    }
  })
})
