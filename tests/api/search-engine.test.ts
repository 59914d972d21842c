import { eq, sql } from 'drizzle-orm'
import { algoliasearch } from 'algoliasearch'
import { liteClient } from 'algoliasearch/lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, variants } from '../../server/db/schema'
import { PRODUCT_SYNONYMS } from '../../server/modules/search/records'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { databaseTargets, listenShop, type ListeningShop } from './harness'

const targets = await databaseTargets()

interface Hit {
  objectID: string
  sku: string
  name_en: string
  price_min: number
  city: string
  _highlightResult?: Record<string, { value: string; matchLevel: string }>
}

/**
 * The official algoliasearch clients, unchanged, against the embedded engine: the shop tells the
 * browser where to search through /config; the indexer fills the index through the admin client.
 */
describe.each(targets)('the Algolia-compatible engine on $kind', (target) => {
  let shop: ListeningShop
  let search: ReturnType<typeof algoliasearch>
  let lite: ReturnType<typeof liteClient>
  let browser: { app_id: string; search_key: string; hosts: string[]; protocol: 'http'; index: string }

  beforeAll(async () => {
    const catalogue = smallCatalogue()
    catalogue.products.push(
      productRecord('SNK-0010', { name: { zh_tw: '北海道巧克力洋芋片', en: 'Hokkaido Chocolate Potato Chips', ja: '北海道チョコポテトチップス' }, city: 'sapporo', rank: 500 }),
      productRecord('SWT-0010', { name: { zh_tw: '抹茶巧克力', en: 'Matcha Chocolate', ja: '抹茶チョコレート' }, city: 'kyoto', rank: 400, variants: [{ sku: 'SWT-0010-A', label: { zh_tw: '盒', en: 'box', ja: '箱' }, price: 420, stock_left: 8 }] }),
    )
    shop = await listenShop(target, { catalogue })
    await shop.indexer.ensureFresh()
    browser = (await (await fetch(`${shop.url}/api/v1/config`)).json()).data.search
    const hosts = browser.hosts.map((url) => ({ url, protocol: browser.protocol, accept: 'read' as const }))
    search = algoliasearch(browser.app_id, browser.search_key, { hosts })
    lite = liteClient(browser.app_id, browser.search_key, { hosts })
  })
  afterAll(() => shop?.close())

  const query = async (params: Record<string, unknown>, indexName = 'products') => {
    const { results } = await search.search({ requests: [{ indexName, ...params }] })
    return results[0] as unknown as { hits: Hit[]; nbHits: number; page: number; nbPages: number; hitsPerPage: number; facets?: Record<string, Record<string, number>>; processingTimeMS: number; query: string; params: string }
  }

  it('tells the browser where and how to search', () => {
    expect(browser).toEqual({ app_id: 'LOCAL', search_key: 'local-search-only', hosts: [`127.0.0.1:${shop.port}/search`], protocol: 'http', index: 'products' })
  })

  it('answers in Algolia’s shape, with active products only', async () => {
    const result = await query({ query: '', hitsPerPage: 3 })
    expect(result).toMatchObject({ nbHits: 7, page: 0, nbPages: 3, hitsPerPage: 3, query: '', exhaustiveNbHits: true })
    expect(result.params).toContain('hitsPerPage=3')
    expect(typeof result.processingTimeMS).toBe('number')
    expect(result.hits.map((h) => h.sku)).toEqual(['SNK-0001', 'TEA-0001', 'TEA-0002'])
    expect(result.hits[0]).toMatchObject({ objectID: expect.any(String), name_zh_tw: '章魚燒仙貝', name_ja: 'たこ焼きせんべい', thumbnail: '/images/products/snk-0001.svg', price_min: 280, price_max: 520 })
  })

  it('finds Chinese, Japanese and English words, highlighting the match', async () => {
    for (const q of ['抹茶', 'matcha', '宇治']) {
      const result = await query({ query: q })
      expect(result.nbHits, q).toBeGreaterThan(0)
    }
    const chocolate = await query({ query: 'チョコ' })
    expect(chocolate.hits.map((h) => h.sku).sort()).toEqual(['SNK-0010', 'SWT-0010'])
    const en = await query({ query: 'choc', attributesToHighlight: ['name_en'] })
    expect(en.hits[0]!._highlightResult!.name_en).toMatchObject({ value: expect.stringContaining('<em>Choc</em>'), matchLevel: 'full' })
    const typo = await query({ query: 'chocolata' })
    expect(typo.nbHits).toBe(2)
  })

  it('finds a word with its first letter mistyped, and counts facets over every filtered hit, not the page', async () => {
    const typo = await query({ query: 'xhocolate' })
    expect(typo.hits.map((h) => h.sku).sort()).toEqual(['SNK-0010', 'SWT-0010'])
    const all = await query({ query: '', facets: ['city'] })
    const expected = all.nbHits - all.facets!.city!.sapporo!
    expect(expected).toBeGreaterThan(1)
    const paged = await query({ query: '', filters: 'NOT city:sapporo', facets: ['city'], hitsPerPage: 1 })
    expect(paged.hits).toHaveLength(1)
    expect(paged.nbHits).toBe(expected)
    expect(paged.facets!.city).toEqual(Object.fromEntries(Object.entries(all.facets!.city!).filter(([city]) => city !== 'sapporo')))
  })

  it('filters, counts facets and sorts through the price replicas', async () => {
    const filtered = await query({ query: '', filters: 'city:kyoto AND price_min:0 TO 700', facets: ['city', 'stock_status'] })
    expect(filtered.hits.map((h) => h.sku).sort()).toEqual(['SWT-0010', 'TEA-0001'])
    expect(filtered.facets).toEqual({ city: { kyoto: 2 }, stock_status: { in_stock: 2 } })
    const asc = await query({ query: '', hitsPerPage: 20 }, 'products_price_asc')
    const prices = asc.hits.map((h) => h.price_min)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const desc = await query({ query: '', hitsPerPage: 20, facetFilters: [['city:osaka', 'city:sapporo']] }, 'products_price_desc')
    expect(desc.hits.map((h) => h.price_min)).toEqual([...desc.hits.map((h) => h.price_min)].sort((a, b) => b - a))
    expect(new Set(desc.hits.map((h) => h.city))).toEqual(new Set(['osaka', 'sapporo']))
  })

  it('works with the lite client the browser uses', async () => {
    const { results } = await lite.search({ requests: [{ indexName: 'products', query: '大阪', hitsPerPage: 18 }] })
    expect((results[0] as { hits: Hit[] }).hits.map((h) => h.city)).toEqual(['osaka', 'osaka'])
    const osaka = await lite.search({ requests: [{ indexName: 'products', query: 'takoyaki' }] })
    expect((osaka.results[0] as { hits: Hit[] }).hits[0]!.sku).toBe('SNK-0001')
  })

  it('refuses what Algolia refuses, with its messages', async () => {
    await expect(query({ query: 'x', sortBy: 'price' })).rejects.toMatchObject({ name: 'ApiError', status: 400, message: 'Unknown parameter: sortBy' })
    await expect(query({ filters: 'city:kyoto AND (price_min > 10' })).rejects.toMatchObject({ status: 400, message: expect.stringContaining("Expected ')'") })
    await expect(query({ hitsPerPage: 5000 })).rejects.toMatchObject({ status: 400 })
    await expect(query({ query: 'x' }, 'no_such_index')).rejects.toMatchObject({ status: 404 })
    const writer = algoliasearch(browser.app_id, browser.search_key, { hosts: browser.hosts.map((url) => ({ url, protocol: 'http' as const, accept: 'readWrite' as const })) })
    await expect(writer.saveObject({ indexName: 'products', body: { objectID: 'x', name: 'hack' } })).rejects.toMatchObject({ status: 403 })
    const stranger = algoliasearch('OTHER', 'nope', { hosts: browser.hosts.map((url) => ({ url, protocol: 'http' as const, accept: 'read' as const })) })
    await expect(stranger.search({ requests: [{ indexName: 'products', query: '' }] })).rejects.toMatchObject({ status: 403 })
  })

  it('finds Japanese names by their kana reading and Traditional names by their Simplified form', async () => {
    for (const q of ['まっちゃ', 'マッチャ']) expect((await query({ query: q })).hits.map((h) => h.sku).sort(), q).toEqual((await query({ query: '抹茶' })).hits.map((h) => h.sku).sort())
    // the reading is stored in both kana scripts, for hosted Algolia, which does not fold them
    const [record] = (await query({ query: 'まっちゃちょこれーと', attributesToRetrieve: ['name_ja_reading', 'location'] })).hits as unknown as { name_ja_reading: string[]; location: { city_ja_reading: string[] } }[]
    expect(record).toMatchObject({ name_ja_reading: ['まっちゃちょこれーと', 'マッチャチョコレート'], location: { city_ja_reading: ['きょうと', 'キョウト'] } })
    expect((await query({ query: 'きょうと' })).nbHits).toBe((await query({ query: '京都' })).nbHits)
    expect((await query({ query: '抹茶巧克力' })).hits.map((h) => h.sku)).toEqual(['SWT-0010'])
    expect((await query({ query: '饼干' })).hits.map((h) => h.sku)).toEqual((await query({ query: '餅乾' })).hits.map((h) => h.sku))
    expect((await query({ query: '饼干' })).nbHits).toBeGreaterThan(0)
  })

  it('gets the index’s synonyms from the indexer, on the replicas too, and answers the synonyms API as Algolia does', async () => {
    const admin = algoliasearch(browser.app_id, shop.searchAdminKey, { hosts: browser.hosts.map((url) => ({ url, protocol: 'http' as const, accept: 'readWrite' as const })) })
    const pushed = await admin.searchSynonyms({ indexName: 'products', searchSynonymsParams: { hitsPerPage: 100 } })
    expect(pushed.nbHits).toBe(PRODUCT_SYNONYMS.length)
    expect(await admin.getSynonym({ indexName: 'products_price_asc', objectID: 'daifuku-en' })).toEqual(PRODUCT_SYNONYMS.find((s) => s.objectID === 'daifuku-en'))
    // a regular synonym: cookies finds the biscuits
    expect((await query({ query: 'cookies' })).hits.map((h) => h.sku)).toEqual(['SNK-0002'])

    const saved = await admin.saveSynonym({ indexName: 'products', objectID: 'kit', synonymHit: { objectID: 'kit', type: 'onewaysynonym', input: 'treats', synonyms: ['chocolate'] }, forwardToReplicas: true })
    expect(saved).toMatchObject({ taskID: expect.any(Number), updatedAt: expect.any(String), id: 'kit' })
    await admin.waitForTask({ indexName: 'products', taskID: saved.taskID })
    expect((await query({ query: 'treats' })).hits.map((h) => h.sku).sort()).toEqual(['SNK-0010', 'SWT-0010'])
    expect((await query({ query: 'treats', hitsPerPage: 20 }, 'products_price_desc')).nbHits).toBe(2)
    expect(await admin.searchSynonyms({ indexName: 'products', searchSynonymsParams: { query: 'treats' } })).toMatchObject({ nbHits: 1, hits: [{ objectID: 'kit' }] })
    expect(await admin.deleteSynonym({ indexName: 'products', objectID: 'kit', forwardToReplicas: true })).toMatchObject({ taskID: expect.any(Number), deletedAt: expect.any(String) })
    expect((await query({ query: 'treats' })).nbHits).toBe(0)
    await expect(admin.getSynonym({ indexName: 'products', objectID: 'kit' })).rejects.toMatchObject({ status: 404 })

    // a batch that replaces the others, then clear; the indexer's next rebuild puts the shop's back
    await admin.saveSynonyms({ indexName: 'products', synonymHit: [{ objectID: 'x', type: 'synonym', synonyms: ['treats', 'chocolate'] }], replaceExistingSynonyms: true })
    expect((await admin.searchSynonyms({ indexName: 'products' })).nbHits).toBe(1)
    expect((await query({ query: 'cookies' })).nbHits).toBe(0)
    await admin.clearSynonyms({ indexName: 'products', forwardToReplicas: true })
    expect((await admin.searchSynonyms({ indexName: 'products' })).nbHits).toBe(0)
    await shop.indexer.ensureFresh(true)
    expect((await admin.searchSynonyms({ indexName: 'products' })).nbHits).toBe(PRODUCT_SYNONYMS.length)

    // the search key reads no synonym and writes none
    const reader = algoliasearch(browser.app_id, browser.search_key, { hosts: browser.hosts.map((url) => ({ url, protocol: 'http' as const, accept: 'readWrite' as const })) })
    await expect(reader.searchSynonyms({ indexName: 'products' })).rejects.toMatchObject({ status: 403 })
    await expect(reader.saveSynonyms({ indexName: 'products', synonymHit: [{ objectID: 'y', type: 'synonym', synonyms: ['a', 'b'] }] })).rejects.toMatchObject({ status: 403 })
  })

  it('picks up price, stock and status changes within a sync', async () => {
    const [tea] = await shop.database.db.select().from(products).where(eq(products.sku, 'TEA-0002'))
    await shop.database.db.update(variants).set({ stock_left: 5, updated_at: sql`now() + interval '1 second'` }).where(eq(variants.product_id, tea!.id))
    await shop.database.db.update(products).set({ price_min: 99, updated_at: sql`now() + interval '1 second'` }).where(eq(products.sku, 'TEA-0001'))
    await shop.database.db.update(products).set({ status: 'INACTIVE', updated_at: sql`now() + interval '1 second'` }).where(eq(products.sku, 'SNK-0004'))
    expect(await shop.indexer.syncChanged()).toBe(3)
    const teas = await query({ query: '', filters: 'city:kyoto', facets: ['stock_status'] }, 'products_price_asc')
    expect(teas.hits[0]).toMatchObject({ sku: 'TEA-0001', price_min: 99 })
    expect(teas.facets!.stock_status).toEqual({ in_stock: 3 })
    expect((await query({ query: '50%' })).nbHits).toBe(0)
    expect(await shop.indexer.ensureFresh()).toBe(false)
  })

  it('pushes a change that committed after a later one was seen (its time is earlier), and only once', async () => {
    // seen first: a change stamped 3 s ahead
    await shop.database.db.update(products).set({ price_min: 77, updated_at: sql`now() + interval '3 seconds'` }).where(eq(products.sku, 'TEA-0001'))
    expect(await shop.indexer.syncChanged()).toBe(1)
    // then one whose transaction began earlier commits: stamped before the change already seen
    await shop.database.db.update(products).set({ price_min: 66, updated_at: sql`now() + interval '2 seconds'` }).where(eq(products.sku, 'TEA-0002'))
    expect(await shop.indexer.syncChanged()).toBe(1)
    const teas = await query({ query: '', filters: 'city:kyoto' }, 'products_price_asc')
    expect(teas.hits.slice(0, 2).map((h) => [h.sku, h.price_min])).toEqual([
      ['TEA-0002', 66],
      ['TEA-0001', 77],
    ])
    // nothing new: nothing pushed again
    expect(await shop.indexer.syncChanged()).toBe(0)
  })

  it('filters on the review rating ("4 stars & up") and ranks a better-rated product first among equals', async () => {
    // two products of the same rank: the better rating ranks first after relevance
    await shop.database.db.update(products).set({ rank: 300, rating: 4.6, reviews_total: 12, updated_at: sql`now() + interval '2 seconds'` }).where(eq(products.sku, 'SNK-0010'))
    await shop.database.db.update(products).set({ rank: 300, rating: 3.2, reviews_total: 5, updated_at: sql`now() + interval '2 seconds'` }).where(eq(products.sku, 'SWT-0010'))
    await shop.indexer.syncChanged()
    const good = await query({ query: '', numericFilters: ['rating>=4'] })
    expect(good.hits.map((h) => h.sku)).toEqual(['SNK-0010'])
    expect((await query({ query: '', filters: 'rating >= 3' })).hits.map((h) => h.sku).sort()).toEqual(['SNK-0010', 'SWT-0010'])
    const chocolate = await query({ query: 'chocolate' })
    expect(chocolate.hits.map((h) => h.sku)).toEqual(['SNK-0010', 'SWT-0010'])
    expect(chocolate.hits[0]).toMatchObject({ rating: 4.6, reviews_total: 12 })
  })
})
