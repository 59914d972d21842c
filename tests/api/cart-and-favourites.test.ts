import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { variants } from '../../server/db/schema'
import { smallCatalogue } from '../fixtures/catalogue-factory'
import { databaseTargets, signedInToken, startShop, type TestShop } from './harness'

const targets = await databaseTargets()

describe.each(targets)('cart and favourites on $kind', (target) => {
  let shop: TestShop
  const ids: Record<string, { product: number; variant: number }> = {}
  beforeAll(async () => {
    shop = await startShop(target, { catalogue: smallCatalogue(), env: { AUTH_RATE_LIMIT: '1000' } })
    for (const row of await shop.database.db.select().from(variants)) ids[row.sku] = { product: row.product_id, variant: row.id }
  })
  afterAll(() => shop?.close())

  async function member() {
    const token = await signedInToken(shop)
    const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      shop.json(path, { method, locale: 'en', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) })
    return { token, call }
  }
  const line = (sku: string, quantity: number) => ({ product_id: ids[sku]!.product, variant_id: ids[sku]!.variant, quantity })

  describe('cart', () => {
    it('is for members only', async () => {
      expect((await shop.request('/api/v1/cart')).status).toBe(401)
    })

    it('adds, raises the same variant, caps at stock and answers the whole cart with current data', async () => {
      const m = await member()
      expect((await m.call('GET', '/api/v1/cart')).body).toEqual({ data: [] })
      await m.call('POST', '/api/v1/cart', line('SNK-0001-B', 2))
      const { status, body } = await m.call('POST', '/api/v1/cart', line('SNK-0001-B', 5))
      expect(status).toBe(200)
      expect(body.data).toEqual([
        {
          id: expect.any(Number),
          product_id: ids['SNK-0001-B']!.product,
          variant_id: ids['SNK-0001-B']!.variant,
          image: '/images/products/snk-0001.svg',
          label: 'Takoyaki rice crackers',
          type: '16 pieces',
          quantity: 4,
          price: 520,
          arrival_date: '2026-11-26',
          stock_type: 'OFF_SHELF',
          stock_left: 4,
          max_quantity: 4,
        },
      ])
      await m.call('POST', '/api/v1/cart', line('SNK-0001-A', 1))
      expect((await m.call('GET', '/api/v1/cart')).body.data.map((l: { type: string }) => l.type)).toEqual(['16 pieces', '8 pieces'])
    })

    it('refuses a sold-out variant, and a variant of another product', async () => {
      const m = await member()
      const soldOut = await m.call('POST', '/api/v1/cart', line('TEA-0002-A', 1))
      expect(soldOut.status).toBe(409)
      expect(soldOut.body.error).toEqual({ code: 'OUT_OF_STOCK', message: 'Out of stock', detail: {} })
      const mismatched = await m.call('POST', '/api/v1/cart', { ...line('SNK-0001-A', 1), product_id: ids['TEA-0001-A']!.product })
      expect(mismatched.status).toBe(409)
      const bad = await m.call('POST', '/api/v1/cart', { ...line('SNK-0001-A', 0) })
      expect(bad.body.error.detail).toEqual({ quantity: ['is too small'] })
    })

    it('sets and removes lines by id, only the member’s own', async () => {
      const a = await member()
      const b = await member()
      const [first] = (await a.call('POST', '/api/v1/cart', line('SNK-0001-B', 1))).body.data
      expect((await a.call('PUT', `/api/v1/cart/${first.id}`, { quantity: 10 })).body.data[0].quantity).toBe(4)
      expect((await a.call('PUT', `/api/v1/cart/${first.id}`, { quantity: 3 })).body.data[0].quantity).toBe(3)
      expect((await b.call('PUT', `/api/v1/cart/${first.id}`, { quantity: 1 })).status).toBe(404)
      expect((await b.call('DELETE', `/api/v1/cart/${first.id}`)).body).toEqual({ data: [] })
      expect((await a.call('GET', '/api/v1/cart')).body.data).toHaveLength(1)
      expect((await a.call('DELETE', `/api/v1/cart/${first.id}`)).body).toEqual({ data: [] })
      expect((await a.call('DELETE', `/api/v1/cart/${first.id}`)).body).toEqual({ data: [] })
    })

    it('merges the browser’s cart once, however often the request is replayed', async () => {
      const m = await member()
      await m.call('POST', '/api/v1/cart', line('SNK-0001-A', 2))
      const items = [line('SNK-0001-A', 3), line('TEA-0001-A', 2), line('TEA-0002-A', 1), { product_id: 99999, variant_id: 99999, quantity: 1 }]
      const first = await m.call('POST', '/api/v1/init-cart', { items }, { 'idempotency-key': 'merge-1' })
      const replay = await m.call('POST', '/api/v1/init-cart', { items }, { 'idempotency-key': 'merge-1' })
      expect(replay.body).toEqual(first.body)
      expect(first.body.data.map((l: { type: string; quantity: number }) => [l.type, l.quantity])).toEqual([
        ['8 pieces', 5],
        ['40 g tin', 2],
      ])
      const added = await m.call('POST', '/api/v1/cart', line('TEA-0001-A', 1), { 'idempotency-key': 'add-7' })
      await m.call('POST', '/api/v1/cart', line('TEA-0001-A', 1), { 'idempotency-key': 'add-7' })
      expect((await m.call('GET', '/api/v1/cart')).body).toEqual(added.body)
      expect(added.body.data[1].quantity).toBe(3)
    })
  })

  describe('favourites', () => {
    it('adds and removes idempotently and marks products for the member only', async () => {
      const m = await member()
      const tea = ids['TEA-0001-A']!.product
      expect((await shop.request(`/api/v1/product_wishlist/${tea}`, { method: 'POST' })).status).toBe(401)
      expect((await m.call('POST', `/api/v1/product_wishlist/${tea}`)).body).toEqual({ data: true })
      expect((await m.call('POST', `/api/v1/product_wishlist/${tea}`)).body).toEqual({ data: true })
      expect((await m.call('POST', '/api/v1/product_wishlist/99999')).status).toBe(404)

      const mine = await m.call('GET', `/api/v1/product/${tea}`)
      expect(mine.body.data).toMatchObject({ is_favorite: true, wishlist: [{ id: expect.any(Number), product_id: tea }] })
      const visitor = await shop.json(`/api/v1/product/${tea}`)
      expect(visitor.body.data).toMatchObject({ is_favorite: false, wishlist: [] })
      const list = await m.call('GET', '/api/v1/product?city=kyoto')
      expect(list.body.data.map((p: { sku: string; is_favorite: boolean }) => [p.sku, p.is_favorite])).toEqual([
        ['TEA-0001', true],
        ['TEA-0002', false],
      ])
      const stale = await shop.json(`/api/v1/product/${tea}`, { headers: { authorization: `Bearer ${'x'.repeat(43)}` } })
      expect(stale.body.data.is_favorite).toBe(false)

      expect((await m.call('GET', '/api/v1/product_wishlist')).body.data.map((p: { sku: string }) => p.sku)).toEqual(['TEA-0001'])
      expect((await m.call('GET', '/api/v1/product_wishlist/category')).body.data).toEqual([
        { id: expect.any(Number), name: 'Tea', count: 1 },
        { id: expect.any(Number), name: 'Seasonal', count: 1 },
      ])
      expect((await m.call('DELETE', `/api/v1/product_wishlist/${tea}`)).body).toEqual({ data: true })
      expect((await m.call('DELETE', `/api/v1/product_wishlist/${tea}`)).body).toEqual({ data: true })
      expect((await m.call('GET', `/api/v1/product/${tea}`)).body.data.is_favorite).toBe(false)
    })

    it('pages and filters by category', async () => {
      const m = await member()
      for (const sku of ['SNK-0001-A', 'TEA-0001-A', 'SNK-0004-A']) await m.call('POST', `/api/v1/product_wishlist/${ids[sku]!.product}`)
      const page = await m.call('GET', '/api/v1/product_wishlist?page=1&per_page=2')
      expect(page.body).toMatchObject({ current_page: 1, per_page: 2, total: 3, last_page: 2 })
      expect(page.body.data.map((p: { sku: string }) => p.sku)).toEqual(['SNK-0004', 'TEA-0001'])
      const categories = (await m.call('GET', '/api/v1/product_wishlist/category')).body.data
      const snacks = categories.find((c: { name: string }) => c.name === 'Snacks')
      expect(snacks.count).toBe(2)
      const onlySnacks = await m.call('GET', `/api/v1/product_wishlist?category_id=${snacks.id}`)
      expect(onlySnacks.body.data.map((p: { sku: string }) => p.sku)).toEqual(['SNK-0004', 'SNK-0001'])
    })
  })
})
