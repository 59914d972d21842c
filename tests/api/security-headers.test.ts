import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startShop, type TestShop } from './harness'

/** One request of each kind the shop answers: API success and error, the emulators, the PWA's files and pages. */
const ANSWERS: [string, RequestInit?][] = [
  ['/api/v1/config'],
  ['/api/v1/no-such-thing'],
  ['/api/v1/user', { headers: { authorization: 'Bearer nope' } }],
  ['/search/1/indexes/products/query', { method: 'POST', body: '{}' }],
  ['/v1/payment_intents/pi_x'],
  ['/', { headers: { accept: 'text/html' } }],
  ['/en/product/list', { headers: { accept: 'text/html' } }],
  ['/payment', { headers: { accept: 'text/html' } }],
  ['/assets/app-abc123.js'],
  ['/assets/missing-123.js'],
]

const directives = (policy: string | null) =>
  Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  )

describe('security headers on every answer', () => {
  let shop: TestShop
  beforeAll(async () => {
    shop = await startShop({ kind: 'pglite' })
  })
  afterAll(() => shop?.close())

  it.each(ANSWERS)('%s carries nosniff, no framing, a referrer and a permissions policy, and a CSP', async (path, init) => {
    const res = await shop.request(path, init)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('permissions-policy')).toContain('camera=()')
    const csp = directives(res.headers.get('content-security-policy'))
    expect(csp['frame-ancestors']).toEqual(["'none'"])
    expect(csp['script-src']).toEqual(["'self'"])
    expect(csp['object-src']).toEqual(["'none'"])
    // plain http: a browser told to insist on https would lock shoppers out
    expect(res.headers.get('strict-transport-security')).toBeNull()
  })

  it('limits connections to the shop itself while everything runs embedded', async () => {
    const csp = directives((await shop.request('/', { headers: { accept: 'text/html' } })).headers.get('content-security-policy'))
    // the page's own origin, and its WebSocket twin for the embedded Pusher server
    expect(csp['connect-src']).toEqual(["'self'", 'http://127.0.0.1:8080', 'ws://127.0.0.1:8080'])
    expect(csp['frame-src']).toEqual(["'none'"])
  })
})

describe('security headers with hosted services and https', () => {
  let shop: TestShop
  beforeAll(async () => {
    shop = await startShop(
      { kind: 'pglite' },
      {
        env: {
        PUBLIC_URL: 'https://shop.example',
        ALGOLIA_APP_ID: 'APP1',
        ALGOLIA_SEARCH_KEY: 'search-key',
        ALGOLIA_ADMIN_KEY: 'admin-key',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        PUSHER_APP_ID: '1712',
        PUSHER_KEY: 'key123',
        PUSHER_SECRET: 'secret-123456',
        PUSHER_CLUSTER: 'ap3',
        },
      },
    )
  })
  afterAll(() => shop?.close())

  it('sends HSTS when the shop is reached over https', async () => {
    const res = await shop.request('/api/v1/config')
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}/)
    expect(directives(res.headers.get('content-security-policy'))).toHaveProperty('upgrade-insecure-requests')
  })

  it('lets the shop pages load Stripe.js and reach the search and Stripe hosts', async () => {
    const csp = directives((await shop.request('/product/list', { headers: { accept: 'text/html' } })).headers.get('content-security-policy'))
    expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'])
    expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", 'https://*.algolia.net', 'https://*.algolianet.com', 'https://api.stripe.com', 'wss://ws-ap3.pusher.com']))
    expect(csp['frame-src']).toContain('https://hooks.stripe.com')
  })

  it.each(['/payment', '/en/payment', '/ja/payment'])('keeps %s to the shop and Stripe only (PCI SAQ-A)', async (path) => {
    const csp = directives((await shop.request(path, { headers: { accept: 'text/html' } })).headers.get('content-security-policy'))
    expect(csp['connect-src']).toEqual(["'self'", 'https://shop.example', 'https://api.stripe.com'])
    expect(csp['img-src']).not.toContain('https:')
    expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'])
  })
})

describe('CORS on the API', () => {
  let shop: TestShop
  beforeAll(async () => {
    shop = await startShop({ kind: 'pglite' }, { env: { PUBLIC_URL: 'https://shop.example', CORS_ORIGINS: 'https://admin.shop.example' } })
  })
  afterAll(() => shop?.close())

  it.each(['https://shop.example', 'https://admin.shop.example'])('answers %s, an allowed origin', async (origin) => {
    const res = await shop.request('/api/v1/config', { headers: { origin } })
    expect(res.headers.get('access-control-allow-origin')).toBe(origin)
    const preflight = await shop.request('/api/v1/ec-order', {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,idempotency-key' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization')
  })

  it('gives another site nothing to read', async () => {
    const res = await shop.request('/api/v1/config', { headers: { origin: 'https://evil.example' } })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await shop.request('/api/v1/user', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('refuses a bad CORS_ORIGINS at start-up', async () => {
    const { loadConfig } = await import('../../server/config')
    expect(() => loadConfig({ CORS_ORIGINS: 'https://ok.example,not a url' })).toThrow(/CORS_ORIGINS/)
  })
})
