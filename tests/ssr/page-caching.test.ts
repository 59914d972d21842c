/**
 * Pages as a CDN and a browser meet them: the whole shop (buildApp) with the built PWA and server
 * bundle (`dist/`, `dist-server/`: build first, as for the e2e suite), so the template, the renderer,
 * compression and the security headers all take part. Public pages are the same for everyone and
 * may be kept (s-maxage, ETag, 304); their inline scripts are allowed by hash, nothing else is;
 * member pages and answers are kept by nobody (decision 66).
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, products, trendGroups, variants } from '../../server/db/schema'
import { NOT_FOUND_PAGE, PRIVATE_NO_STORE, PUBLIC_PAGE } from '../../server/lib/http-caching'
import { createLogger } from '../../server/lib/logger'
import { loadPageRenderer } from '../../server/ssr/pages'
import { startShop, type TestShop } from '../api/harness'
import { smallCatalogue } from '../fixtures/catalogue-factory'
import { registration } from '../fixtures/member-factory'

// jsdom (already a dev dependency) ships no type declarations
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } }

const PREFIXES = { 'zh-TW': '', en: '/en', ja: '/ja' } as const
const LANGUAGES = Object.keys(PREFIXES) as (keyof typeof PREFIXES)[]
/** a data block, never run: needs no hash */
const DATA_TYPES = new Set(['application/ld+json', 'application/json'])

let shop: TestShop
let ids: { category: number; trendGroup: number; product: number; productSku: string }

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => shop.request(path, { method, headers: { accept: 'text/html', ...headers } })

/** script-src of the answer's policy */
const scriptSources = (res: Response) => (res.headers.get('content-security-policy') ?? '').match(/(?:^|;)\s*script-src ([^;]*)/)?.[1]?.trim().split(/\s+/) ?? []

/** What the browser would run inline, hashed as CSP does: read with a DOM parser, not the server's own scan. */
function inlineScriptHashes(html: string): string[] {
  const { document } = new JSDOM(html).window
  const scripts = [...document.querySelectorAll('script')].filter((script) => !script.hasAttribute('src') && !DATA_TYPES.has((script.getAttribute('type') ?? '').toLowerCase()))
  return [...new Set(scripts.map((script) => `'sha256-${createHash('sha256').update(script.textContent ?? '').digest('base64')}'`))]
}

/** The page without the moments it was drawn at (epoch milliseconds in the data handed over). */
const timeless = (html: string) => html.replace(/(?<![\w.])\d{13}(?![\w.])/g, 'T')

/** The part of the tag that names the content (the rest is the drawing's moments). */
const contentOf = (tag: string | null) => tag?.match(/^W\/"([^:"]+)/)?.[1]

/** Each kind of public page, its address in a language (the ids are read once the shop runs). */
const PUBLIC_PAGES: Record<string, (prefix: string) => string> = {
  home: (prefix) => prefix || '/',
  'category list': (prefix) => `${prefix}/product/list?category_id=${ids.category}`,
  'city list': (prefix) => `${prefix}/product/list?city=kyoto`,
  'trend list': (prefix) => `${prefix}/product/list?trend_group_id=${ids.trendGroup}`,
  product: (prefix) => `${prefix}/product/detail/${ids.product}`,
  subscribe: (prefix) => `${prefix}/subscribe`,
  'search results': (prefix) => `${prefix}/product/search?keyword=tea`,
}

beforeAll(async () => {
  if (!existsSync('dist-server/entry-server.js') || !existsSync('dist/index.html')) throw new Error('build the PWA and the server bundle first (README: Building)')
  // the catalogue's answers are read afresh each time, so a price change shows in the next page drawn
  shop = await startShop({ kind: 'pglite' }, { catalogue: smallCatalogue(), env: { PUBLIC_DIR: 'dist', SSR_DIR: 'dist-server', CATALOGUE_CACHE_SECONDS: '0', AUTH_RATE_LIMIT: '1000' } })
  const db = shop.database.db
  const [category] = await db.select().from(categories).limit(1)
  const [group] = await db.select().from(trendGroups).limit(1)
  const [product] = await db.select().from(products).where(eq(products.status, 'ACTIVE')).limit(1)
  ids = { category: category!.id, trendGroup: group!.id, product: product!.id, productSku: product!.sku }
})
afterAll(() => shop?.close())

describe('public pages may be kept by a CDN', () => {
  describe.each(LANGUAGES)('in %s', (language) => {
    it.each(Object.keys(PUBLIC_PAGES))('%s: public with s-maxage, an ETag, 304 on If-None-Match, HEAD alike', async (kind) => {
      const path = PUBLIC_PAGES[kind]!(PREFIXES[language])
      const res = await get(path)
      const html = await res.text()
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control')).toBe(PUBLIC_PAGE)
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/)
      const tag = res.headers.get('etag')
      expect(tag).toMatch(/^W\/"[^"]+"$/)
      const vary = (res.headers.get('vary') ?? '').split(/,\s*/)
      expect(vary).toContain('Accept-Encoding')
      // only / reads a cookie (the language chosen before)
      expect(vary.includes('Cookie')).toBe(path === '/')
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(html).toContain('$_TSR')

      const again = await get(path, { 'if-none-match': tag! })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
      expect(again.headers.get('etag')).toBe(tag)
      expect(again.headers.get('cache-control')).toBe(PUBLIC_PAGE)
      expect(again.headers.get('vary')).toBe(res.headers.get('vary'))
      // the kept copy's scripts must still run: the 304's policy is the one of the page it confirms
      expect(again.headers.get('content-security-policy')).toBe(res.headers.get('content-security-policy'))
      expect(again.headers.get('set-cookie')).toBeNull()

      const head = await get(path, {}, 'HEAD')
      expect(head.status).toBe(200)
      expect(await head.text()).toBe('')
      expect(head.headers.get('cache-control')).toBe(PUBLIC_PAGE)
      expect(contentOf(head.headers.get('etag'))).toBe(contentOf(tag))
      const headAgain = await get(path, { 'if-none-match': tag! }, 'HEAD')
      expect(headAgain.status).toBe(304)
    })
  })

  it('lists in script-src the hash of every inline script the page runs, and nothing that would let another one run', async () => {
    for (const path of ['/', '/en/product/list', `/ja/product/detail/${ids.product}`, '/en/product/search?keyword=tea']) {
      const res = await get(path)
      const html = await res.text()
      const hashes = inlineScriptHashes(html)
      // the app's starter and the data handed to it at least
      expect(hashes.length, path).toBeGreaterThanOrEqual(2)
      expect(scriptSources(res), path).toEqual(["'self'", ...hashes])
      expect(res.headers.get('content-security-policy'), path).not.toMatch(/unsafe-inline'[^;]*;\s*style-src|script-src[^;]*(?:'unsafe-inline'|'unsafe-eval'|'nonce-|'strict-dynamic'|\*)/)
      expect(html).not.toContain('nonce=')
      // the internal header naming the hashes never leaves the server
      expect(res.headers.get('x-csp-script-hashes')).toBeNull()
      // JSON-LD is data, not a script the browser runs: it gets no hash
      const { document } = new JSDOM(html).window
      const ld = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => `'sha256-${createHash('sha256').update(s.textContent ?? '').digest('base64')}'`)
      for (const hash of ld) expect(scriptSources(res)).not.toContain(hash)
    }
  })

  it('compresses a page without changing its ETag, and answers the compressed copy’s If-None-Match with 304', async () => {
    const plain = await get('/en')
    const zipped = await get('/en', { 'accept-encoding': 'gzip' })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(contentOf(zipped.headers.get('etag'))).toBe(contentOf(plain.headers.get('etag')))
    const again = await get('/en', { 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.get('etag')! })
    expect(again.status).toBe(304)
    expect(again.headers.get('content-security-policy')).toBe(zipped.headers.get('content-security-policy'))
  })

  it('a price change makes a new page: a different ETag and policy, and the old ETag gets the whole page', async () => {
    const path = `/en/product/detail/${ids.product}`
    const before = await get(path)
    const beforeHtml = await before.text()
    const tag = before.headers.get('etag')!
    const db = shop.database.db
    const [variant] = await db.select().from(variants).where(eq(variants.product_id, ids.product)).limit(1)
    const [product] = await db.select().from(products).where(eq(products.id, ids.product))
    const price = Math.max(product!.price_max, variant!.price) + 123
    try {
      await db.update(variants).set({ price }).where(eq(variants.id, variant!.id))
      await db.update(products).set({ price_max: price }).where(eq(products.id, ids.product))
      const after = await get(path, { 'if-none-match': tag })
      const afterHtml = await after.text()
      expect(after.status).toBe(200)
      expect(afterHtml).toContain(String(price))
      expect(contentOf(after.headers.get('etag'))).not.toBe(contentOf(tag))
      // the data handed over changed, so did its script's hash: the old page's policy would not run the new one
      expect(after.headers.get('content-security-policy')).not.toBe(before.headers.get('content-security-policy'))
      expect(scriptSources(after)).toEqual(["'self'", ...inlineScriptHashes(afterHtml)])
      expect(inlineScriptHashes(beforeHtml).filter((hash) => !scriptSources(after).includes(hash)).length).toBeGreaterThan(0)
    } finally {
      await db.update(variants).set({ price: variant!.price }).where(eq(variants.id, variant!.id))
      await db.update(products).set({ price_max: product!.price_max }).where(eq(products.id, ids.product))
    }
  })

  it('an ETag naming other content, or a forged one, gets the whole page', async () => {
    const tag = (await get('/en')).headers.get('etag')!
    expect((await get('/ja', { 'if-none-match': tag })).status).toBe(200)
    const forged = tag.replace(/:[^"]*/, ':zzzzzzzzzzz')
    expect((await get('/en', { 'if-none-match': forged })).status).toBe(200)
    expect((await get('/en', { 'if-none-match': 'W/"nonsense", "x"' })).status).toBe(200)
  })
})

describe('a cached page is the same for everyone', () => {
  it('a signed-in member with every cookie the shop sets gets the bytes a stranger gets: no member data, no Set-Cookie', async () => {
    const member = registration()
    await shop.json('/api/v1/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(member) })
    const login = await shop.json('/api/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: member.email, password: member.password }) })
    expect(login.status).toBe(200)
    const token = login.body.data.token as string
    const cookies = ['gdpr_accepted=1', 'currency=TWD', 'referrer_code=FRIEND1', 'locale=zh_tw', login.headers.get('set-cookie')?.split(';')[0]].filter(Boolean).join('; ')
    for (const path of ['/', '/en', `/ja/product/detail/${ids.product}`, '/en/subscribe']) {
      const stranger = await get(path)
      const signedIn = await get(path, { cookie: cookies, authorization: `Bearer ${token}`, 'accept-language': 'ja,en;q=0.5' })
      const [strangerHtml, memberHtml] = [await stranger.text(), await signedIn.text()]
      expect(signedIn.status, path).toBe(200)
      expect(timeless(memberHtml), path).toBe(timeless(strangerHtml))
      expect(contentOf(signedIn.headers.get('etag')), path).toBe(contentOf(stranger.headers.get('etag')))
      expect(signedIn.headers.get('cache-control')).toBe(PUBLIC_PAGE)
      expect(signedIn.headers.get('set-cookie')).toBeNull()
      for (const personal of [member.email, `${member.last_name}${member.first_name}`, member.phone_number, token, 'FRIEND1']) expect(memberHtml).not.toContain(personal)
      // the consent notice is drawn for nobody: the app shows it to those who have not answered
      expect(memberHtml).not.toContain('cookie-banner')
      // each one's validator works for the other: a CDN may answer both from one copy
      expect((await get(path, { cookie: cookies, 'if-none-match': stranger.headers.get('etag')! })).status).toBe(304)
    }
  })

  it('/ sends a visitor who chose another language to it, an answer kept by nobody', async () => {
    const res = await get('/', { cookie: 'gdpr_accepted=1; locale=ja' })
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toMatch(/\/ja$/)
    expect(res.headers.get('cache-control')).toBe(PRIVATE_NO_STORE)
    expect(res.headers.get('vary')).toContain('Cookie')
    expect(res.headers.get('etag')).toBeNull()
  })
})

describe('what is not for everyone is kept by nobody', () => {
  it.each(['/cart', '/en/cart', '/ja/payment', '/purchase/A123', '/en/user/order', '/ja/user', '/login', '/en/auth/reset_password'])('the member page %s', async (path) => {
    for (const method of ['GET', 'HEAD']) {
      const res = await get(path, { cookie: 'gdpr_accepted=1' }, method)
      expect(res.status, `${method} ${path}`).toBe(200)
      expect(res.headers.get('cache-control'), `${method} ${path}`).toBe(PRIVATE_NO_STORE)
      expect(res.headers.get('etag')).toBeNull()
    }
  })

  it('member answers of the API', async () => {
    const member = registration()
    await shop.json('/api/v1/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(member) })
    const login = await shop.json('/api/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: member.email, password: member.password }) })
    expect(login.headers.get('cache-control')).toBe(PRIVATE_NO_STORE)
    for (const path of ['/api/v1/user', '/api/v1/cart', '/api/v1/ec-order', '/api/v1/product_wishlist']) {
      const res = await shop.request(path, { headers: { authorization: `Bearer ${login.body.data.token as string}` } })
      expect(res.headers.get('cache-control'), path).toBe(PRIVATE_NO_STORE)
    }
  })

  it('an error page (the API down)', async () => {
    const renderer = await loadPageRenderer({
      publicDir: 'dist',
      ssrDir: 'dist-server',
      publicUrl: 'https://shop.example',
      fetch: (request) => (new URL(request.url).pathname === '/api/v1/product' ? Response.json({ error: { code: 'INTERNAL_ERROR', message: 'down', detail: {} } }, { status: 500 }) : shop.request(new URL(request.url).pathname + new URL(request.url).search, request)),
      logger: createLogger('silent'),
    })
    for (const method of ['GET', 'HEAD']) {
      const res = await renderer!.render(new Request('https://shop.example/en/product/list', { method, headers: { 'if-none-match': '*' } }))
      expect(res.status, method).toBe(500)
      expect(res.headers.get('cache-control')).toBe(PRIVATE_NO_STORE)
      expect(res.headers.get('etag')).toBeNull()
    }
  })

  it('the not-found page is kept a minute by a shared cache, without validators', async () => {
    for (const path of ['/en/product/detail/99999999', '/ja/no-such-page', '/product/list?city=atlantis']) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('cache-control'), path).toBe(NOT_FOUND_PAGE)
      expect(res.headers.get('etag')).toBeNull()
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(scriptSources(res)).toEqual(["'self'", ...inlineScriptHashes(await res.text())])
      // a condition applies to a 200 only
      expect((await get(path, { 'if-none-match': '*' })).status).toBe(404)
    }
  })
})
