import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startShop, type TestShop } from './harness'

// Serves tests/fixtures/public: index.html, sw.js and a hashed asset.
describe('the built PWA', () => {
  let shop: TestShop
  beforeAll(async () => {
    shop = await startShop({ kind: 'pglite' })
  })
  afterAll(() => shop?.close())

  it('serves hashed assets as immutable and compressed', async () => {
    const res = await shop.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('content-type')).toMatch(/javascript/)
  })

  it('serves index.html and sw.js so that browsers revalidate them', async () => {
    for (const file of ['/', '/index.html', '/sw.js']) {
      const res = await shop.request(file, { headers: { accept: 'text/html' } })
      expect(res.status, file).toBe(200)
      expect(res.headers.get('cache-control'), file).toBe('no-cache')
    }
  })

  it('answers deep links with the app shell, whatever the locale prefix', async () => {
    for (const link of ['/product/detail/12', '/en/product/list?city=osaka', '/fr/nothing']) {
      const res = await shop.request(link, { headers: { accept: 'text/html' } })
      expect(res.status, link).toBe(200)
      expect(await res.text()).toContain('<div id="app">')
    }
  })

  it('answers 404 for a missing file rather than the app shell', async () => {
    expect((await shop.request('/assets/missing-123.js')).status).toBe(404)
    expect((await shop.request('/images/products/none.svg', { headers: { accept: 'text/html' } })).status).toBe(404)
  })
})
