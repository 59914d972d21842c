import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isServerPath, SERVER_PATHS } from '../../contract/server-paths'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDatabase, type Database } from '../../server/db/client'
import { createLogger } from '../../server/lib/logger'
import { robotsTxt } from '../../server/modules/seo/robots'

/** A concrete path a route pattern matches: `/sitemaps/:file{[A-Za-z-]+\.xml}` -> `/sitemaps/x`. */
const sampleOf = (pattern: string) => pattern.replace(/:[A-Za-z_]+(\{[^}]*\})?\??/g, 'x').replace(/\*/g, 'x')

/** The app's page paths, from the file routes: pathless `_layout` folders dropped, `$param` as a sample value. */
async function pagePaths() {
  const root = path.resolve('src/routes/{-$locale}')
  const files = (await readdir(root, { recursive: true })).filter((file) => /\.tsx$/.test(file))
  return files
    .map((file) =>
      file
        .replace(/\.tsx$/, '')
        .split(path.sep)
        .filter((segment) => !segment.startsWith('_') && segment !== 'route' && segment !== 'index')
        .map((segment) => segment.replace(/^\{-\$[a-z]+\}$/, '').replace(/^\$[a-z]+$/, '12'))
        .filter(Boolean),
    )
    .map((segments) => `/${segments.join('/')}`)
}

describe('the paths the server owns (contract/server-paths.ts)', () => {
  let database: Database
  let app: ReturnType<typeof buildApp>['app']
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' })
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_DIR: 'tests/fixtures/public', SSR_DIR: 'tests/fixtures/no-ssr' })
    app = buildApp({ config, database, logger: createLogger('silent') }).app
  })
  afterAll(() => database?.close())

  it('holds every route of the server, the embedded services included', () => {
    const owned = app.routes.map((route) => route.path).filter((pattern) => pattern !== '*' && pattern !== '/*' && pattern !== '/')
    // the list is read from the router itself: a new route outside the list fails here
    expect(owned.length).toBeGreaterThan(100)
    const outside = [...new Set(owned.filter((pattern) => !isServerPath(sampleOf(pattern))))]
    expect(outside).toEqual([])
    // and every entry of the list is used by some route (the WebSocket /app/{key} is an upgrade, not a route)
    for (const entry of SERVER_PATHS.filter((e) => e.path !== '/app')) {
      expect(
        owned.some((pattern) => sampleOf(pattern) === entry.path || sampleOf(pattern).startsWith(`${entry.path}/`)),
        entry.path,
      ).toBe(true)
    }
  })

  it('holds no page of the app, in any language', async () => {
    const pages = await pagePaths()
    expect(pages).toContain('/subscribe')
    expect(pages).toContain('/product/detail/12')
    for (const page of pages) {
      for (const prefix of ['', '/en', '/ja']) expect(isServerPath(`${prefix}${page}`), `${prefix}${page}`).toBe(false)
    }
  })

  it('matches at a segment boundary, with or without a query', () => {
    for (const owned of ['/api', '/api/v1/health', '/sandbox-checkout/cs_test_abc', '/sandbox-checkout/portal/cus_x?return=1', '/v1/payment_intents', '/robots.txt', '/sitemap.xml?x=1', '/sitemaps/en.xml', '/img/share/site.jpg', '/app/key'])
      expect(isServerPath(owned), owned).toBe(true)
    for (const page of ['/', '/apply', '/apis', '/imgs', '/robots.txt.html', '/en/api', '/searching', '/v1x', '/en/subscribe'])
      expect(isServerPath(page), page).toBe(false)
  })

  it('answers an unknown path under them with the JSON 404, never a page', async () => {
    for (const missing of ['/sandbox-checkout/nothing', '/v1/nothing', '/search/nothing', '/apps/nothing', '/img/nothing', '/images/nothing', '/sitemaps/nothing']) {
      const res = await app.request(missing, { headers: { accept: 'text/html' } })
      expect(res.status, missing).toBe(404)
      // the API's JSON error, or the emulated service's own (Stripe's `{ error }`, Algolia's `{ message, status }`, Pusher's text)
      expect(res.headers.get('content-type'), missing).not.toMatch(/html/)
      expect(await res.text(), missing).not.toContain('<div id="app">')
    }
    // a page the app does not know is still the app's own 404 page
    const page = await app.request('/en/nothing-here', { headers: { accept: 'text/html' } })
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
  })

  it('keeps crawlers out of the embedded services, not out of the API or the pictures', () => {
    const lines = robotsTxt('https://shop.example').split('\n')
    for (const path of ['/v1/', '/sandbox-checkout/', '/app/', '/apps/']) expect(lines).toContain(`Disallow: ${path}`)
    for (const path of ['/api/', '/img/', '/images/', '/search/']) expect(lines).not.toContain(`Disallow: ${path}`)
  })
})
