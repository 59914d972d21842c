/**
 * Pages as the server draws them, read as a crawler or a link preview reads them: the raw HTML,
 * no JavaScript. The renderer (src/entry-server.tsx) runs against a real test shop's API.
 */
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../contract/catalogue'
import { smallCatalogue } from '../fixtures/catalogue-factory'
import { startShop, type TestShop } from '../api/harness'
import { sitemapUrls } from '../../server/modules/seo/sitemap'
import { renderPage } from '../../src/entry-server'

// jsdom (already a dev dependency) ships no type declarations
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } }

const SITE = 'https://shop.example'
const TEMPLATE =
  '<!doctype html>\n<html lang="zh-Hant-TW">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="shell" />\n    <title>shell</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n'
const PREFIXES = { zh_tw: '', en: '/en', ja: '/ja' } as const
const LANG = { zh_tw: 'zh-Hant-TW', en: 'en', ja: 'ja' } as const
type Locale = keyof typeof PREFIXES
const LOCALES = Object.keys(PREFIXES) as Locale[]

let shop: TestShop
let failing: RegExp | undefined

async function render(path: string, headers: Record<string, string> = {}) {
  const result = await renderPage(new Request(`${SITE}${path}`, { headers }), {
    template: TEMPLATE,
    site: { publicUrl: SITE },
    fetch: (url, init) =>
      failing?.test(url)
        ? Promise.resolve(Response.json({ error: { code: 'INTERNAL_ERROR', message: 'down', detail: {} } }, { status: 500 }))
        : shop.request(url, init),
  })
  if (result instanceof Response) return { status: result.status, html: '', document: new JSDOM('').window.document, location: result.headers.get('location') }
  return { status: result.status, html: result.body, document: new JSDOM(result.body).window.document, location: null }
}

const attr = (document: Document, selector: string, name: string) => document.querySelector(selector)?.getAttribute(name) ?? null
const meta = (document: Document, key: string) => attr(document, `meta[property="${key}"], meta[name="${key}"]`, 'content')
const alternates = (document: Document) =>
  Object.fromEntries([...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]))
const jsonLd = (document: Document) => [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>)

async function product(sku: string, locale: Locale = 'en'): Promise<Product> {
  const { body } = await shop.json('/api/v1/product?per_page=50', { locale })
  const found = (body as { data: Product[] }).data.find((p) => p.sku === sku)
  if (!found) throw new Error(`no product ${sku}`)
  const detail = await shop.json(`/api/v1/product/${found.id}`, { locale })
  return (detail.body as { data: Product }).data
}

beforeAll(async () => {
  const catalogue = smallCatalogue()
  // a name that would end the JSON-LD script if it were not escaped, and a line separator
  catalogue.products[0]!.description = { en: 'Crisp </script><script>alert(1)</script> crackers\u2028from Osaka', zh_tw: '酥脆仙貝', ja: 'せんべい' }
  shop = await startShop({ kind: 'pglite' }, { catalogue })
})
afterAll(() => shop?.close())

describe('pages drawn on the server', () => {
  it.each(LOCALES)('a product page in %s has its head: title, canonical, alternates, Open Graph and Product data', async (locale) => {
    const item = await product('SNK-0001', locale)
    const path = `${PREFIXES[locale]}/product/detail/${item.id}`
    const { status, document, html } = await render(`${path}?variant=${item.variants[0]!.id}`)
    expect(status).toBe(200)
    expect(document.documentElement.lang).toBe(LANG[locale])
    expect(document.title).toContain(item.name)
    expect(document.querySelectorAll('title')).toHaveLength(1)
    expect(document.querySelector('h1')?.textContent).toBe(item.name)
    // the variant chosen in the address is the same page
    expect(attr(document, 'link[rel="canonical"]', 'href')).toBe(`${SITE}${path}`)
    expect(alternates(document)).toEqual({
      'zh-Hant-TW': `${SITE}/product/detail/${item.id}`,
      en: `${SITE}/en/product/detail/${item.id}`,
      ja: `${SITE}/ja/product/detail/${item.id}`,
      'x-default': `${SITE}/product/detail/${item.id}`,
    })
    expect(meta(document, 'og:type')).toBe('product')
    expect(meta(document, 'og:title')).toContain(item.name)
    expect(meta(document, 'og:url')).toBe(`${SITE}${path}`)
    expect(meta(document, 'og:image')).toBe(`${SITE}/img/share/product/${item.id}.jpg`)
    expect([meta(document, 'og:image:width'), meta(document, 'og:image:height'), meta(document, 'og:image:type')]).toEqual(['1200', '630', 'image/jpeg'])
    expect(meta(document, 'og:image:alt')).toBe(item.name)
    expect(meta(document, 'twitter:card')).toBe('summary_large_image')
    expect(meta(document, 'product:price:amount')).toBe(String(item.price_min))
    expect(meta(document, 'robots')).toBeNull()

    const [data, crumbs] = jsonLd(document)
    expect(data).toMatchObject({
      '@type': 'Product',
      name: item.name,
      sku: item.sku,
      offers: { '@type': 'AggregateOffer', priceCurrency: 'TWD', lowPrice: item.price_min, highPrice: item.price_max, offerCount: 2, url: `${SITE}${path}` },
    })
    expect((data!.offers as { availability: string }).availability).toBe(item.sold_out ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock')
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' })
    expect((crumbs!.itemListElement as { name: string }[]).at(-1)!.name).toBe(item.name)
    // the reviews are in the page, not a loading placeholder the app fills in later
    expect(document.querySelector('#reviews')).not.toBeNull()
    expect(document.querySelector('#reviews [role="status"]')).toBeNull()
    // the data the page was drawn from is handed to the browser in inline scripts allowed by their hashes, not a nonce
    expect(html).not.toContain('nonce=')
    expect(html).toContain('$_TSR')
  })

  it('escapes a product’s text inside the JSON-LD script', async () => {
    const item = await product('SNK-0001', 'en')
    const { html, document } = await render(`/en/product/detail/${item.id}`)
    const script = html.slice(html.indexOf('application/ld+json'))
    expect(script.slice(0, script.indexOf('</script>'))).not.toMatch(/<script>alert|\u2028/)
    expect(jsonLd(document)[0]!.description).toBe(item.description)
    expect(document.querySelectorAll('script:not([type]), script[type="module"]').length).toBeGreaterThan(0)
    expect([...document.querySelectorAll('script')].some((script) => script.textContent?.startsWith('alert'))).toBe(false)
  })

  it('gives a single-variant product an Offer with its price and availability', async () => {
    const item = await product('TEA-0001', 'en')
    const { document } = await render(`/en/product/detail/${item.id}`)
    expect(jsonLd(document)[0]).toMatchObject({
      offers: { '@type': 'Offer', price: item.price_min, priceCurrency: 'TWD', availability: 'https://schema.org/InStock' },
    })
  })

  it.each(LOCALES)('the home page in %s names the shop and offers the site search', async (locale) => {
    const { status, document } = await render(PREFIXES[locale] || '/')
    expect(status).toBe(200)
    expect(document.documentElement.lang).toBe(LANG[locale])
    expect(attr(document, 'link[rel="canonical"]', 'href')).toBe(`${SITE}${PREFIXES[locale] || '/'}`)
    expect(Object.keys(alternates(document)).sort()).toEqual(['en', 'ja', 'x-default', 'zh-Hant-TW'])
    expect(meta(document, 'og:type')).toBe('website')
    expect(meta(document, 'og:image')).toBe(`${SITE}/img/share/site.jpg`)
    const types = jsonLd(document).map((data) => data['@type'])
    expect(types).toEqual(['Organization', 'WebSite'])
    const site = jsonLd(document)[1] as { potentialAction: { target: { urlTemplate: string } } }
    expect(site.potentialAction.target.urlTemplate).toBe(`${SITE}${PREFIXES[locale]}/product/search/?keyword={search_term_string}`)
    // the products are in the HTML, not fetched later
    expect(document.querySelectorAll('main article').length).toBeGreaterThan(0)
  })

  it('gives a referral link a preview that names the friend’s coupon, never who invites, and pictures of the size LINE takes', async () => {
    const { status, document } = await render('/en/?referrer_code=MEI2026')
    expect(status).toBe(200)
    expect(meta(document, 'og:title')).toBe('A friend invites you: NT$100 off your first order · Japan Souvenir Shop')
    expect(meta(document, 'og:description')).toContain('get a NT$100 coupon for orders of NT$500 or more')
    // the code is the friend's way in, not the preview's subject; the page is the home page
    expect(document.head.innerHTML).not.toContain('MEI2026')
    expect(attr(document, 'link[rel="canonical"]', 'href')).toBe(`${SITE}/en`)
    // LINE reads og:image without running the page: 1200 × 630, as LINE recommends for a link preview
    expect([meta(document, 'og:image:width'), meta(document, 'og:image:height')]).toEqual(['1200', '630'])
    // a code that is not one gives the shop's own preview
    const plain = await render(`/en/?referrer_code=${'x'.repeat(40)}`)
    expect(plain.status).toBe(200)
    expect(meta(plain.document, 'og:title')).toBe('Japan Souvenir Shop')
  })

  it('lists a trend group, a city or a category as a page of its own; a sort order is not listed', async () => {
    const city = await render('/en/product/list?city=kyoto')
    expect(city.status).toBe(200)
    expect(city.document.title).toContain('Kyoto')
    expect(attr(city.document, 'link[rel="canonical"]', 'href')).toBe(`${SITE}/en/product/list?city=kyoto`)
    expect(alternates(city.document).ja).toBe(`${SITE}/ja/product/list?city=kyoto`)
    expect(meta(city.document, 'robots')).toBeNull()

    const sorted = await render('/en/product/list?city=kyoto&sort=price_asc')
    expect(meta(sorted.document, 'robots')).toBe('noindex, follow')
    expect(attr(sorted.document, 'link[rel="canonical"]', 'href')).toBe(`${SITE}/en/product/list?city=kyoto`)
  })

  it('gives a page that is not listed (the cart) its title, noindex and no address, with what every page shares', async () => {
    const { status, document } = await render('/ja/cart')
    expect(status).toBe(200)
    expect(document.title).toBe('カート · 日本のおみやげ小舗')
    expect(document.querySelectorAll('title')).toHaveLength(1)
    expect(meta(document, 'robots')).toBe('noindex')
    expect(document.querySelector('link[rel="canonical"]')).toBeNull()
    expect(meta(document, 'og:title')).toBe(document.title)
    expect(meta(document, 'og:locale')).toBe('ja_JP')
    expect(meta(document, 'og:site_name')).toBe('日本のおみやげ小舗')
    expect(meta(document, 'og:image')).toBe(`${SITE}/img/share/site.jpg`)
    // one of each: a page's own tag replaces the one every page shares
    for (const key of ['description', 'og:title', 'og:type', 'twitter:title', 'robots']) {
      expect(document.querySelectorAll(`meta[name="${key}"], meta[property="${key}"]`), key).toHaveLength(1)
    }
  })

  it('writes each page’s head in its own language while pages in other languages are drawn at the same time', async () => {
    const items = await Promise.all(LOCALES.map((locale) => product('SNK-0001', locale)))
    const rounds = await Promise.all(
      Array.from({ length: 4 }, () => Promise.all(LOCALES.map((locale, at) => render(`${PREFIXES[locale]}/product/detail/${items[at]!.id}`)))),
    )
    for (const round of rounds) {
      round.forEach(({ document }, at) => {
        expect(document.title.startsWith(`${items[at]!.name} · `), LOCALES[at]).toBe(true)
        expect(meta(document, 'og:locale'), LOCALES[at]).toBe({ zh_tw: 'zh_TW', en: 'en_US', ja: 'ja_JP' }[LOCALES[at]!])
        const crumbs = jsonLd(document)[1] as { itemListElement: { name: string }[] }
        expect(crumbs.itemListElement[0]!.name, LOCALES[at]).toBe({ zh_tw: '首頁', en: 'Home', ja: 'ホーム' }[LOCALES[at]!])
      })
    }
  })

  it('answers an unknown product or path with the not-found page, 404 and noindex', async () => {
    for (const path of ['/en/product/detail/999999', '/en/product/detail/abc', '/en/no-such-page', '/fr/product/list']) {
      const { status, document } = await render(path)
      expect(status, path).toBe(404)
      expect(meta(document, 'robots'), path).toBe('noindex')
      expect(document.querySelector('link[rel="canonical"]'), path).toBeNull()
      expect(document.title, path).toMatch(path.startsWith('/en/') ? /^This page could not be found · / : /^找不到這個頁面 · /)
      // an address in no language of the shop's gets the default language's page
      expect(document.body.textContent, path).toContain(path.startsWith('/en/') ? 'This page could not be found' : '找不到這個頁面')
    }
  })

  it('answers an address with bad parameters with the page, dropping or cutting what it cannot use, never a 500', async () => {
    // another page's parameter, or text the API refuses: the list ignores it
    for (const query of [`keyword=${'a'.repeat(40)}`, 'keyword=%00', 'keyword=%ED%A0%80&__proto__=x&__proto__=y']) {
      const { status, document } = await render(`/en/product/list?${query}`)
      expect(status, query).toBe(200)
      expect(document.querySelector('h1')?.textContent, query).toBe('All products')
    }
    // an id or page past what the API takes is dropped, as any bad value is
    for (const query of ['trend_group_id=99999999999', 'category_id=2147483648', 'page=99999999999']) {
      const { status, location } = await render(`/en/product/list?${query}`)
      expect({ status, location }, query).toEqual({ status: 307, location: expect.stringMatching(/\/en\/product\/list$/) })
    }
    // a keyword over 30 characters is cut as the search box cuts it, never through an emoji
    const long = await render(`/en/product/search/?keyword=${'x'.repeat(40)}`)
    expect({ status: long.status, location: long.location }).toEqual({ status: 307, location: expect.stringMatching(new RegExp(`/en/product/search/\\?keyword=${'x'.repeat(30)}$`)) })
    const emoji = await render(`/en/product/search/?keyword=${encodeURIComponent(`${'x'.repeat(29)}🍵`)}`)
    expect(emoji.location).toMatch(new RegExp(`\\?keyword=${'x'.repeat(29)}$`))
  })

  it('answers 500 with the error page when the API fails', async () => {
    failing = /\/api\/v1\/product\?/
    try {
      const { status, document } = await render('/en/product/list')
      expect(status).toBe(500)
      expect(document.body.textContent).toContain('Oops, something went wrong')
    } finally {
      failing = undefined
    }
  })

  it('sends / to the language the visitor chose before, as a redirect', async () => {
    const { status, location } = await render('/', { cookie: 'locale=ja' })
    expect(status).toBe(307)
    expect(location).toMatch(/\/ja$/)
  })

  it('draws every page the sitemap lists, 200 with its own canonical', async () => {
    const urls = await sitemapUrls(shop.database.db, SITE)
    expect(urls.length).toBeGreaterThan(20)
    for (const url of urls) {
      const { status, document } = await render(url.slice(SITE.length))
      expect(status, url).toBe(200)
      expect(meta(document, 'robots'), url).toBeNull()
      expect(attr(document, 'link[rel="canonical"]', 'href'), url).toBe(url)
    }
  })
})
