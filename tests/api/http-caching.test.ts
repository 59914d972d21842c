import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { negotiateEncoding } from '../../server/lib/compression'
import { smallCatalogue } from '../fixtures/catalogue-factory'
import { registration } from '../fixtures/member-factory'
import { startShop, TEST_OPERATOR_KEY, type TestShop } from './harness'
import { operationsOf } from './support/openapi-fuzz'

const gunzip = promisify(zlib.gunzip)
const unbrotli = promisify(zlib.brotliDecompress)

// Behaviour of HTTP headers, not of the database: PGlite alone is enough.
describe('compression and validators of API answers', () => {
  let shop: TestShop
  let productId: number
  beforeAll(async () => {
    shop = await startShop({ kind: 'pglite' }, { catalogue: smallCatalogue(), env: { AUTH_RATE_LIMIT: '1000' } })
    productId = (await shop.json('/api/v1/product?keyword=SNK-0001')).body.data[0].id
  })
  afterAll(() => shop?.close())

  const raw = async (res: Response) => Buffer.from(await res.arrayBuffer())
  const get = (path: string, headers: Record<string, string> = {}) => shop.request(path, { headers })

  async function signedIn() {
    const body = registration()
    await shop.json('/api/v1/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const login = await shop.json('/api/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: body.email, password: body.password }) })
    return login.body.data.token as string
  }

  describe('content encoding', () => {
    it('answers brotli when asked, gzip when only gzip is accepted, identity otherwise; all the same JSON', async () => {
      const plain = await get('/api/v1/product')
      expect(plain.headers.get('content-encoding')).toBeNull()
      expect(plain.headers.get('vary')).toMatch(/accept-encoding/i)
      const json = await plain.json()
      expect(JSON.stringify(json).length).toBeGreaterThan(1024)

      const br = await get('/api/v1/product', { 'accept-encoding': 'gzip, deflate, br' })
      expect(br.headers.get('content-encoding')).toBe('br')
      const brBody = await raw(br)
      expect(Number(br.headers.get('content-length'))).toBe(brBody.length)
      expect(JSON.parse((await unbrotli(brBody)).toString())).toEqual(json)

      const gz = await get('/api/v1/product', { 'accept-encoding': 'gzip' })
      expect(gz.headers.get('content-encoding')).toBe('gzip')
      expect(JSON.parse((await gunzip(await raw(gz))).toString())).toEqual(json)
      expect(brBody.length).toBeLessThan(JSON.stringify(json).length / 3)

      const refused = await get('/api/v1/product', { 'accept-encoding': 'br;q=0, gzip;q=0, deflate' })
      expect(refused.headers.get('content-encoding')).toBeNull()
      expect(await refused.json()).toEqual(json)
    })

    it('negotiates by weight: q=0 refuses, * stands for the rest, br wins a tie', () => {
      expect(negotiateEncoding(undefined)).toBeUndefined()
      expect(negotiateEncoding('identity')).toBeUndefined()
      expect(negotiateEncoding('br, gzip')).toBe('br')
      expect(negotiateEncoding('gzip, br')).toBe('br')
      expect(negotiateEncoding('br;q=0.5, gzip')).toBe('gzip')
      expect(negotiateEncoding('BR;Q=0')).toBeUndefined()
      expect(negotiateEncoding('*')).toBe('br')
      expect(negotiateEncoding('*;q=0.1, br;q=0')).toBe('gzip')
      expect(negotiateEncoding('x-gzip')).toBe('gzip')
    })

    it('leaves small answers, HEAD and 304 alone', async () => {
      const small = await get('/api/v1/health', { 'accept-encoding': 'br' })
      expect(small.headers.get('content-encoding')).toBeNull()
      expect(await small.json()).toMatchObject({ status: 'ok' })
      const head = await shop.request('/api/v1/product', { method: 'HEAD', headers: { 'accept-encoding': 'br' } })
      expect(head.headers.get('content-encoding')).toBeNull()
    })
  })

  describe('validators', () => {
    it('tags public catalogue reads and answers a matching If-None-Match with an empty 304', async () => {
      for (const path of ['/api/v1/category', '/api/v1/product', `/api/v1/product/${productId}`, `/api/v1/product/${productId}/recommend`, '/api/v1/trend_group', '/api/v1/trend_group/list', '/api/v1/trend_cities/list', '/api/v1/config']) {
        const first = await get(path, { 'accept-encoding': 'br' })
        expect(first.status, path).toBe(200)
        const tag = first.headers.get('etag')
        expect(tag, path).toMatch(/^W\/"[^"]+"$/)
        expect(first.headers.get('cache-control'), path).toBe('public, no-cache')
        await first.arrayBuffer()

        const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': tag! })
        expect(again.status, path).toBe(304)
        expect((await raw(again)).length, path).toBe(0)
        expect(again.headers.get('etag'), path).toBe(tag)
        expect(again.headers.get('cache-control'), path).toBe('public, no-cache')
        expect(again.headers.get('content-encoding'), path).toBeNull()
      }
    })

    it('gives one ETag whatever the encoding, and a strong copy of it matches too', async () => {
      const identity = await get('/api/v1/product')
      const br = await get('/api/v1/product', { 'accept-encoding': 'br' })
      const tag = identity.headers.get('etag')!
      expect(br.headers.get('etag')).toBe(tag)
      const strong = await get('/api/v1/product', { 'if-none-match': `"x", ${tag.replace(/^W\//, '')}` })
      expect(strong.status).toBe(304)
    })

    it('varies by language, and another language does not match', async () => {
      const zh = await get('/api/v1/category')
      expect(zh.headers.get('vary')).toMatch(/x-localization/i)
      const en = await get('/api/v1/category', { 'x-localization': 'en', 'if-none-match': zh.headers.get('etag')! })
      expect(en.status).toBe(200)
      expect(en.headers.get('etag')).not.toBe(zh.headers.get('etag'))
    })

    it('keeps a signed-in viewer’s answer out of shared caches', async () => {
      const token = await signedIn()
      const anonymous = await get('/api/v1/product')
      expect(anonymous.headers.get('vary')).toMatch(/authorization/i)
      const mine = await get('/api/v1/product', { authorization: `Bearer ${token}` })
      expect(mine.status).toBe(200)
      expect(mine.headers.get('cache-control')).toBe('private, no-cache')
      expect(mine.headers.get('vary')).toMatch(/authorization/i)
      const again = await get('/api/v1/product', { authorization: `Bearer ${token}`, 'if-none-match': mine.headers.get('etag')! })
      expect(again.status).toBe(304)
      expect(again.headers.get('cache-control')).toBe('private, no-cache')
      // answers that never depend on the viewer stay public
      const categories = await get('/api/v1/category', { authorization: `Bearer ${token}` })
      expect(categories.headers.get('cache-control')).toBe('public, no-cache')
    })

    it('never answers an error with 304, nor tags it', async () => {
      const missing = await get('/api/v1/product/999999', { 'if-none-match': '*' })
      expect(missing.status).toBe(404)
      expect(missing.headers.get('etag')).toBeNull()
      expect(missing.headers.get('cache-control') ?? '').not.toMatch(/public/)
      expect((await missing.json()).error.code).toBeTruthy()
      const bad = await get('/api/v1/product?per_page=abc', { 'if-none-match': '*' })
      expect(bad.status).toBe(400)
    })

    it('does not tag member-only answers', async () => {
      const token = await signedIn()
      const cart = await get('/api/v1/cart', { authorization: `Bearer ${token}` })
      expect(cart.headers.get('etag')).toBeNull()
      expect(cart.headers.get('cache-control') ?? '').not.toMatch(/public/)
    })
  })

  describe('answers that depend on who asks', () => {
    // a member's answers (profile, cart, orders, addresses, notifications) and the answers that hand
    // out a token or a device cookie must never be kept by a browser's disk cache or a proxy
    const NO_STORE = 'private, no-store'

    it('carries private, no-store on every documented operation that needs a sign-in, refused or not', async () => {
      const doc = (await shop.json('/api/v1/openapi.json')).body
      const member = operationsOf(doc).filter((op) => op.auth)
      expect(member.length).toBeGreaterThan(30)
      const wrong: string[] = []
      for (const op of member) {
        const url = `/api/v1${op.path.replace(/\{[^}]+\}/g, '1')}`
        const operator = op.path.startsWith('/operator/')
        // a fresh token for each: the walk passes GET /logout, which revokes the one it carries
        const token = operator ? TEST_OPERATOR_KEY : await signedIn()
        const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : '{}'
        for (const authorization of [`Bearer ${token}`, undefined]) {
          const headers: Record<string, string> = { ...(authorization ? { authorization } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }
          const res = await shop.request(url, { method: op.method, headers, body })
          await res.arrayBuffer()
          const cacheControl = res.headers.get('cache-control')
          if (cacheControl !== NO_STORE) wrong.push(`${op.method} ${op.path} ${authorization ? 'signed in' : 'anonymous'} ${res.status}: ${cacheControl}`)
        }
      }
      expect(wrong).toEqual([])
    })

    it('carries it on the answers that hand out a token or set the device cookie', async () => {
      const body = registration()
      const post = (path: string, payload: unknown) => shop.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) })
      const register = await post('/api/v1/register', body)
      expect(register.status).toBe(201)
      expect(register.headers.get('cache-control')).toBe(NO_STORE)
      const login = await post('/api/v1/login', { email: body.email, password: body.password })
      expect(login.status).toBe(200)
      expect(login.headers.get('cache-control')).toBe(NO_STORE)
      const refused = await post('/api/v1/login', { email: body.email, password: 'not-the-password' })
      expect(refused.status).toBe(401)
      expect(refused.headers.get('cache-control')).toBe(NO_STORE)
      for (const path of ['/api/v1/reset_password', '/api/v1/auth/social/exchange', '/api/v1/auth/social-register']) {
        const res = await post(path, {})
        expect(res.headers.get('cache-control'), path).toBe(NO_STORE)
      }
    })

    it('leaves the answers that set their own policy alone', async () => {
      expect((await get('/api/v1/category')).headers.get('cache-control')).toBe('public, no-cache')
      expect((await get('/api/v1/referral/programme')).headers.get('cache-control')).toBe('public, max-age=300')
    })
  })
})
