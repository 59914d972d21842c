import { createRequire } from 'node:module'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../server/db/schema'
import { sitemapUrls, urlsetXml } from '../../server/modules/seo/sitemap'
import { smallCatalogue } from '../fixtures/catalogue-factory'
import { startShop, type TestShop } from './harness'

const PUBLIC_URL = 'https://shop.example'
// jsdom (already a dev dependency) has no type declarations; its DOMParser is a strict XML parser
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new () => { window: { DOMParser: typeof globalThis.DOMParser } } }
const { DOMParser } = new JSDOM().window

/** A real XML parser: malformed XML gives a document with a <parsererror>. */
function parseXml(text: string) {
  const doc = new DOMParser().parseFromString(text, 'application/xml')
  expect(doc.getElementsByTagName('parsererror').length, text.slice(0, 400)).toBe(0)
  return doc
}

interface Entry {
  loc: string
  lastmod: string | undefined
  alternates: Record<string, string>
}

function entriesOf(doc: Document): Entry[] {
  return [...doc.getElementsByTagName('url')].map((url) => ({
    loc: url.getElementsByTagName('loc')[0]!.textContent!,
    lastmod: url.getElementsByTagName('lastmod')[0]?.textContent ?? undefined,
    alternates: Object.fromEntries([...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map((link) => [link.getAttribute('hreflang')!, link.getAttribute('href')!])),
  }))
}

describe('robots.txt and the sitemaps', () => {
  let shop: TestShop
  const ids: Record<string, number> = {}
  const sitemaps: Record<string, Entry[]> = {}
  const changed = new Date('2026-10-02T03:04:05.678Z')

  beforeAll(async () => {
    const catalogue = smallCatalogue()
    // a city without any product on sale: its list would be empty, so it is not listed
    catalogue.cities.push({ ...catalogue.cities[0]!, slug: 'nara', position: 9, is_hot: false })
    shop = await startShop({ kind: 'pglite' }, { catalogue, env: { PUBLIC_URL } })
    for (const row of await shop.database.db.select({ id: products.id, sku: products.sku }).from(products)) ids[row.sku] = row.id
    await shop.database.db.update(products).set({ updated_at: new Date('2026-09-01T00:00:00Z') })
    await shop.database.db.update(products).set({ updated_at: changed }).where(eq(products.sku, 'TEA-0002'))
    // the hidden product changed last: it must not move any date either
    await shop.database.db.update(products).set({ updated_at: new Date('2026-11-01T00:00:00Z') }).where(inArray(products.sku, ['SNK-0003']))
    for (const file of ['zh-TW', 'en', 'ja']) {
      const res = await shop.request(`/sitemaps/${file}.xml`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^application\/xml/)
      sitemaps[file] = entriesOf(parseXml(await res.text()))
    }
  })
  afterAll(() => shop?.close())

  it('serves robots.txt with the private and search pages disallowed in every language, and the sitemap', async () => {
    const res = await shop.request('/robots.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
    const lines = (await res.text()).split('\n')
    expect(lines[0]).toBe('User-agent: *')
    expect(lines).toContain('Allow: /')
    for (const prefix of ['', '/en', '/ja']) {
      for (const path of ['/cart', '/payment', '/purchase', '/user', '/login', '/auth/', '/product/search']) expect(lines).toContain(`Disallow: ${prefix}${path}`)
    }
    expect(lines).not.toContain('Disallow: /api/')
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`)
  })

  it('has an index pointing at one sitemap per language', async () => {
    const res = await shop.request('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
    const doc = parseXml(await res.text())
    expect(doc.documentElement.localName).toBe('sitemapindex')
    const locs = [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent)
    expect(locs).toEqual([`${PUBLIC_URL}/sitemaps/zh-TW.xml`, `${PUBLIC_URL}/sitemaps/en.xml`, `${PUBLIC_URL}/sitemaps/ja.xml`])
    expect(doc.getElementsByTagName('lastmod')[0]!.textContent).toBe(changed.toISOString())
  })

  it('lists home, the lists, each landing list with products, the snack box and each product on sale', () => {
    const zh = sitemaps['zh-TW']!.map((e) => e.loc.slice(PUBLIC_URL.length))
    expect(zh.slice(0, 2)).toEqual(['/', '/product/list'])
    expect(zh).toEqual(
      expect.arrayContaining([
        '/product/list?trend_group_id=1',
        '/product/list?city=osaka',
        '/product/list?city=kyoto',
        '/product/list?city=sapporo',
        '/subscribe',
        ...['SNK-0001', 'TEA-0001', 'TEA-0002', 'SNK-0002', 'SNK-0004'].map((sku) => `/product/detail/${ids[sku]}`),
      ]),
    )
    expect(zh.filter((path) => path.startsWith('/product/list?category_id='))).toHaveLength(3)
    expect(zh).not.toContain('/product/list?city=nara')
    expect(zh).not.toContain(`/product/detail/${ids['SNK-0003']}`)
    expect(sitemaps.en!.map((e) => e.loc.slice(PUBLIC_URL.length)).slice(0, 3)).toEqual(['/en', '/en/product/list', '/en/product/list?trend_group_id=1'])
    expect(sitemaps.ja!.map((e) => e.loc)).toContain(`${PUBLIC_URL}/ja/product/detail/${ids['TEA-0002']}`)
  })

  it('names every page in every language, reciprocally, with x-default the Chinese one', () => {
    const hreflangOf = { 'zh-TW': 'zh-Hant-TW', en: 'en', ja: 'ja' } as const
    const locs = new Map(Object.entries(sitemaps).flatMap(([file, entries]) => entries.map((entry) => [entry.loc, { file, entry }] as const)))
    for (const [file, entries] of Object.entries(sitemaps)) {
      expect(entries.length).toBe(sitemaps['zh-TW']!.length)
      for (const entry of entries) {
        expect(Object.keys(entry.alternates).sort()).toEqual(['en', 'ja', 'x-default', 'zh-Hant-TW'])
        expect(entry.alternates[hreflangOf[file as keyof typeof hreflangOf]]).toBe(entry.loc)
        expect(entry.alternates['x-default']).toBe(entry.alternates['zh-Hant-TW'])
        for (const [other, hreflang] of Object.entries(hreflangOf)) {
          const target = locs.get(entry.alternates[hreflang]!)
          expect(target?.file, `${entry.loc} -> ${hreflang}`).toBe(other)
          expect(target!.entry.alternates).toEqual(entry.alternates)
        }
      }
    }
  })

  it('dates each page by the last change of what it shows', () => {
    const byPath = new Map(sitemaps.en!.map((e) => [e.loc.slice(PUBLIC_URL.length), e.lastmod]))
    expect(byPath.get(`/en/product/detail/${ids['TEA-0002']}`)).toBe(changed.toISOString())
    expect(byPath.get(`/en/product/detail/${ids['SNK-0001']}`)).toBe('2026-09-01T00:00:00.000Z')
    expect(byPath.get('/en')).toBe(changed.toISOString())
    expect(byPath.get('/en/product/list')).toBe(changed.toISOString())
    expect(byPath.get('/en/product/list?trend_group_id=1')).toBe(changed.toISOString())
    expect(byPath.get('/en/product/list?city=kyoto')).toBe(changed.toISOString())
    expect(byPath.get('/en/product/list?city=osaka')).toBe('2026-09-01T00:00:00.000Z')
    expect(byPath.get('/en/subscribe')).toBeUndefined()
  })

  it('exports the address of every page it lists', async () => {
    const urls = await sitemapUrls(shop.database.db, PUBLIC_URL)
    expect(urls).toEqual(Object.values(sitemaps).flatMap((entries) => entries.map((e) => e.loc)))
  })

  it('escapes & in addresses', () => {
    const text = urlsetXml([{ path: '/product/list?city=osaka&sort=rank' }], 'en', PUBLIC_URL)
    expect(text).toContain('/en/product/list?city=osaka&amp;sort=rank')
    expect(entriesOf(parseXml(text))[0]!.loc).toBe(`${PUBLIC_URL}/en/product/list?city=osaka&sort=rank`)
  })

  it('answers 404 for a language it does not have', async () => {
    expect((await shop.request('/sitemaps/fr.xml')).status).toBe(404)
  })
})
