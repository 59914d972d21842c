import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smallCatalogue } from '../fixtures/catalogue-factory'
import { databaseTargets, startShop, type TestShop } from './harness'

const targets = await databaseTargets()

describe.each(targets)('catalogue API on $kind', (target) => {
  let shop: TestShop
  beforeAll(async () => {
    shop = await startShop(target, { catalogue: smallCatalogue() })
  })
  afterAll(() => shop?.close())

  const idOf = async (sku: string) => {
    const { body } = await shop.json('/api/v1/product?per_page=100&keyword=' + sku)
    return body.data[0].id as number
  }

  describe('GET /product', () => {
    it('answers a page in the list shape, best rank first, inactive products left out', async () => {
      const { status, body } = await shop.json('/api/v1/product')
      expect(status).toBe(200)
      expect(body).toMatchObject({ current_page: 1, per_page: 10, total: 5, last_page: 1 })
      expect(body.data.map((p: { sku: string }) => p.sku)).toEqual(['SNK-0001', 'TEA-0001', 'TEA-0002', 'SNK-0002', 'SNK-0004'])
    })

    it('carries every field of a product, in the language asked for', async () => {
      const { body } = await shop.json('/api/v1/product?keyword=SNK-0001', { locale: 'en' })
      expect(body.data[0]).toEqual({
        id: expect.any(Number),
        sku: 'SNK-0001',
        name: 'Takoyaki rice crackers',
        description: 'About SNK-0001',
        thumbnail: '/images/products/snk-0001.svg',
        images: ['/images/products/snk-0001.svg'],
        price_min: 280,
        price_max: 520,
        categories: [{ category: { id: expect.any(Number), name: 'Snacks' } }],
        location: { city: 'Osaka', city_id: expect.any(Number), slug: 'osaka', prefecture: 'Osaka Prefecture' },
        status: 'ACTIVE',
        stock_type: 'OFF_SHELF',
        sold_out: false,
        trend_group_id: null,
        expiry_date: '2027-06-30',
        arrival_days: 5,
        size: { length: 20, width: 10, height: 5, weight: 300 },
        variants: [
          { id: expect.any(Number), sku: 'SNK-0001-A', label: '8 pieces', price: 280, stock_left: 12 },
          { id: expect.any(Number), sku: 'SNK-0001-B', label: '16 pieces', price: 520, stock_left: 4 },
        ],
        rank: 900,
        // no reviews yet
        rating: 0,
        reviews_total: 0,
        is_favorite: false,
        wishlist: [],
      })
    })

    it('speaks Traditional Chinese by default and Japanese on request', async () => {
      const zh = await shop.json('/api/v1/product?keyword=SNK-0001')
      const ja = await shop.json('/api/v1/product?keyword=SNK-0001', { locale: 'ja' })
      expect(zh.body.data[0].name).toBe('章魚燒仙貝')
      expect(zh.body.data[0].variants[0].label).toBe('8入')
      expect(ja.body.data[0].name).toBe('たこ焼きせんべい')
      expect(ja.body.data[0].location.city).toBe('大阪')
    })

    it('pages with page and per_page', async () => {
      const { body } = await shop.json('/api/v1/product?per_page=2&page=2')
      expect(body).toMatchObject({ current_page: 2, per_page: 2, total: 5, last_page: 3 })
      expect(body.data.map((p: { sku: string }) => p.sku)).toEqual(['TEA-0002', 'SNK-0002'])
      const past = await shop.json('/api/v1/product?per_page=2&page=9')
      expect(past.body).toMatchObject({ data: [], current_page: 9, total: 5 })
    })

    it('caps per_page at 100 and refuses a per_page below 1', async () => {
      const { status, body } = await shop.json('/api/v1/product?per_page=1000')
      expect(status).toBe(200)
      expect(body).toMatchObject({ per_page: 100, total: 5 })
      const zero = await shop.json('/api/v1/product?per_page=0', { locale: 'en' })
      expect(zero.status).toBe(400)
      expect(zero.body.error.detail.per_page).toEqual(['is too small'])
    })

    it('filters by category, city and trend group', async () => {
      const categories = (await shop.json('/api/v1/category', { locale: 'en' })).body.data
      const tea = categories.find((c: { slug: string }) => c.slug === 'tea').id
      const byCategory = await shop.json(`/api/v1/product?category_id=${tea}`)
      expect(byCategory.body.data.map((p: { sku: string }) => p.sku)).toEqual(['TEA-0001', 'TEA-0002'])
      const byCity = await shop.json('/api/v1/product?city=sapporo')
      expect(byCity.body.data.map((p: { sku: string }) => p.sku)).toEqual(['SNK-0002'])
      const group = (await shop.json('/api/v1/trend_group/list')).body.data[0].id
      const byGroup = await shop.json(`/api/v1/product?trend_group_id=${group}&city=kyoto`)
      expect(byGroup.body.total).toBe(2)
      const none = await shop.json('/api/v1/product?city=nagoya')
      expect(none.body).toMatchObject({ data: [], total: 0, last_page: 1 })
    })

    it('sorts by price both ways', async () => {
      const asc = await shop.json('/api/v1/product?sort=price_asc')
      expect(asc.body.data.map((p: { price_min: number }) => p.price_min)).toEqual([99, 150, 280, 650, 880])
      const desc = await shop.json('/api/v1/product?sort=price_desc')
      expect(desc.body.data.map((p: { price_max: number }) => p.price_max)).toEqual([880, 650, 520, 150, 99])
    })

    it('finds keywords in any language, taking % and _ literally', async () => {
      const ja = await shop.json('/api/v1/product?keyword=抹茶')
      expect(ja.body.data.map((p: { sku: string }) => p.sku)).toEqual(['TEA-0001', 'TEA-0002'])
      const en = await shop.json('/api/v1/product?keyword=MATCHA')
      expect(en.body.total).toBe(2)
      const literal = await shop.json('/api/v1/product?keyword=50%25_')
      expect(literal.body.data.map((p: { sku: string }) => p.sku)).toEqual(['SNK-0004'])
      const percent = await shop.json('/api/v1/product?keyword=%25')
      expect(percent.body.data.map((p: { sku: string }) => p.sku)).toEqual(['SNK-0002', 'SNK-0004'])
    })

    it('refuses bad parameters with field errors in the request language', async () => {
      const { status, body } = await shop.json('/api/v1/product?page=0&sort=cheapest&city=Osaka!', { locale: 'zh_tw' })
      expect(status).toBe(400)
      expect(body.error.code).toBe('VALIDATION_FAILED')
      expect(body.error.message).toBe('輸入的資料有誤。')
      expect(Object.keys(body.error.detail).sort()).toEqual(['city', 'page', 'sort'])
      expect(body.error.detail.city).toEqual(['城市代碼格式不正確'])
    })
  })

  describe('GET /product/{id}', () => {
    it('answers one product with stock facts', async () => {
      const { status, body } = await shop.json(`/api/v1/product/${await idOf('TEA-0002')}`, { locale: 'en' })
      expect(status).toBe(200)
      expect(body.data).toMatchObject({ sku: 'TEA-0002', name: 'Matcha baumkuchen', sold_out: true })
      const preorder = await shop.json(`/api/v1/product/${await idOf('SNK-0002')}`)
      expect(preorder.body.data).toMatchObject({ stock_type: 'PRE_ORDER', sold_out: false, arrival_days: 30 })
    })

    it('answers 404 NOT_FOUND for an unknown or hidden product', async () => {
      const unknown = await shop.json('/api/v1/product/99999', { locale: 'en' })
      expect(unknown.status).toBe(404)
      expect(unknown.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Product not found.', detail: {} } })
      const all = await shop.database.db.query.products.findFirst({ where: (p, { eq }) => eq(p.sku, 'SNK-0003') })
      expect((await shop.request(`/api/v1/product/${all!.id}`)).status).toBe(404)
    })

    it('answers 400 for an id that is not a number', async () => {
      const { status, body } = await shop.json('/api/v1/product/abc')
      expect(status).toBe(400)
      expect(body.error.detail).toHaveProperty('id')
    })

    it('recommends other products of the category, then of the city', async () => {
      const id = await idOf('TEA-0001')
      const { body } = await shop.json(`/api/v1/product/${id}/recommend`)
      expect(body.data.map((p: { sku: string }) => p.sku)).toEqual(['TEA-0002'])
      const snacks = (await shop.json('/api/v1/category', { locale: 'en' })).body.data.find((c: { slug: string }) => c.slug === 'snacks').id
      const bySnacks = await shop.json(`/api/v1/product/${id}/recommend?category_id=${snacks}`)
      expect(bySnacks.body.data.map((p: { sku: string }) => p.sku)).toEqual(['SNK-0001', 'SNK-0002', 'SNK-0004', 'TEA-0002'])
      expect((await shop.request('/api/v1/product/99999/recommend')).status).toBe(404)
    })
  })

  describe('categories, cities and trend groups', () => {
    it('lists categories in order', async () => {
      const { body } = await shop.json('/api/v1/category', { locale: 'ja' })
      expect(body.data.map((c: { name: string }) => c.name)).toEqual(['スナック', 'お茶', '季節限定'])
    })

    it('lists cities, hot ones first, with pictures', async () => {
      const { body } = await shop.json('/api/v1/trend_cities/list', { locale: 'en' })
      expect(body.data[0]).toEqual({ id: expect.any(Number), slug: 'osaka', name: 'Osaka', prefecture: 'Osaka Prefecture', picture: '/images/cities/osaka.svg', is_hot: true })
      expect(body.data.map((c: { is_hot: boolean }) => c.is_hot)).toEqual([true, true, false])
    })

    it('lists trend groups with counts, and with their products', async () => {
      const list = await shop.json('/api/v1/trend_group/list', { locale: 'en' })
      expect(list.body.data).toEqual([
        { id: expect.any(Number), slug: 'matcha-lovers', name: 'Matcha lovers', description: 'All things matcha', picture: '/images/trend-groups/matcha-lovers.svg', products_count: 2 },
      ])
      const withProducts = await shop.json('/api/v1/trend_group')
      expect(withProducts.body.data[0].products.map((p: { sku: string }) => p.sku)).toEqual(['TEA-0001', 'TEA-0002'])
      const one = await shop.json(`/api/v1/trend_group/${list.body.data[0].id}`)
      expect(one.body.data).toMatchObject({ slug: 'matcha-lovers', name: '抹茶控', products_count: 2 })
      expect((await shop.request('/api/v1/trend_group/4242')).status).toBe(404)
    })
  })

  describe('request headers and errors', () => {
    it('accepts currency TWD or none and refuses anything else', async () => {
      expect((await shop.request('/api/v1/category', { headers: { currency: 'TWD' } })).status).toBe(200)
      const { status, body } = await shop.json('/api/v1/category', { headers: { currency: 'JPY' }, locale: 'en' })
      expect(status).toBe(400)
      expect(body).toEqual({ error: { code: 'UNSUPPORTED_CURRENCY', message: 'Only TWD is supported.', detail: { currency: ['Only TWD is supported.'] } } })
    })

    it('falls back to Traditional Chinese for an unknown language', async () => {
      const { body } = await shop.json('/api/v1/category', { locale: 'fr' })
      expect(body.data[0].name).toBe('零食')
    })

    it('answers unknown API routes with a JSON 404', async () => {
      const { status, body } = await shop.json('/api/v1/no-such-thing', { locale: 'en' })
      expect(status).toBe(404)
      expect(body.error.code).toBe('NOT_FOUND')
    })

    it('publishes public settings and health', async () => {
      const config = await shop.json('/api/v1/config')
      expect(config.body.data.shop).toMatchObject({ email: expect.stringContaining('@'), faq_url: expect.stringMatching(/^https:/) })
      const health = await shop.json('/api/v1/health')
      expect(health.body).toEqual({ status: 'ok', database: target.kind })
    })
  })
})
