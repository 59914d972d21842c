import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEARCH_LIMITS } from '../../server/emulators/algolia/params'
import { SYNONYM_LIMITS } from '../../server/emulators/algolia/synonyms'
import { FORM_LIMITS } from '../../server/emulators/stripe/form'
import { PRODUCT_INDEX_SETTINGS } from '../../server/modules/search/records'
import { smallCatalogue } from '../fixtures/catalogue-factory'
import { registration } from '../fixtures/member-factory'
import { listenShop, type ListeningShop } from './harness'

/**
 * The embedded Algolia and Stripe emulators face the internet with public keys: the requests a
 * security probe used to break the shop must now fail quickly, in each service's own error shape,
 * and leave the shop working.
 */
describe('the embedded emulators under hostile input', () => {
  let shop: ListeningShop
  let dataDir: string
  let publishableKey: string
  let search: { app_id: string; search_key: string }
  const foreign = 'https://evil.example'

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'emulator-hardening-'))
    shop = await listenShop({ kind: 'pglite' }, { catalogue: smallCatalogue(), env: { DATA_DIR: dataDir, AUTH_RATE_LIMIT: '99999' } })
    await shop.indexer.ensureFresh()
    const config = (await (await fetch(`${shop.url}/api/v1/config`)).json()).data
    publishableKey = config.payment.publishable_key
    search = config.search
  })
  afterAll(async () => {
    await shop?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  /** A request timed, with its JSON answer. */
  const timed = async (url: string, init?: RequestInit) => {
    const started = performance.now()
    const res = await fetch(`${shop.url}${url}`, init)
    const text = await res.text()
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, ms: performance.now() - started }
  }
  /**
   * A POST through node:http, which (unlike fetch) reports an answer that arrives before the whole
   * body was sent, as a refused oversized body does.
   */
  const postEarly = (url: string, headers: Record<string, string>, body: string) =>
    new Promise<{ status: number; body: any; ms: number }>((resolve, reject) => {
      const started = performance.now()
      const req = httpRequest(`${shop.url}${url}`, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
        let text = ''
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), ms: performance.now() - started }))
      })
      req.on('error', (error) => (req.writableFinished ? reject(error) : undefined))
      req.end(body)
    })
  const searchKeys = () => ({ 'x-algolia-application-id': search.app_id, 'x-algolia-api-key': search.search_key })
  const query = (params: Record<string, unknown>, index = 'products') =>
    timed(`/search/1/indexes/${index}/query`, { method: 'POST', headers: { 'content-type': 'text/plain', ...searchKeys() }, body: JSON.stringify(params) })
  const queries = (requests: unknown[]) =>
    timed('/search/1/indexes/*/queries', { method: 'POST', headers: { 'content-type': 'text/plain', ...searchKeys() }, body: JSON.stringify({ requests }) })
  const confirm = (body: string) =>
    timed('/v1/payment_intents/pi_x/confirm', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `key=${publishableKey}&client_secret=pi_x_secret_y&${body}` })

  /** The shop still signs members in and searches: nothing it relies on was changed by a request. */
  async function shopStillWorks() {
    expect(({} as Record<string, unknown>).probe).toBeUndefined()
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('probe')
    const member = registration()
    const json = { 'content-type': 'application/json' }
    expect((await timed('/api/v1/register', { method: 'POST', headers: json, body: JSON.stringify(member) })).status).toBe(201)
    const login = await timed('/api/v1/login', { method: 'POST', headers: json, body: JSON.stringify({ email: member.email, password: member.password }) })
    expect(login.status).toBe(200)
    expect(login.body.data.token).toEqual(expect.any(String))
    const found = await query({ query: '', hitsPerPage: 2 })
    expect(found.status).toBe(200)
    expect(found.body.nbHits).toBeGreaterThan(0)
    expect((await timed('/api/v1/product?page=1')).status).toBe(200)
  }

  describe('prototype pollution', () => {
    it('refuses the probe that polluted Object.prototype, naming the key in Stripe’s error shape', async () => {
      const res = await timed('/v1/payment_intents/pi_x?__proto__[probe]=1')
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ error: { type: 'invalid_request_error', code: 'parameter_unknown', doc_url: expect.any(String), message: 'Received unknown parameter: __proto__', param: '__proto__' } })
      await shopStillWorks()
    })

    it('refuses __proto__, constructor and prototype at any depth, encoded or not, before building anything', async () => {
      const cases: [string, string][] = [
        ['constructor[prototype][probe]=1', 'constructor'],
        ['metadata[__proto__][probe]=1', 'metadata[__proto__]'],
        ['metadata[constructor]=x', 'metadata[constructor]'],
        ['expand[0][prototype]=x', 'expand[0][prototype]'],
        ['%5F%5Fproto%5F%5F%5Bprobe%5D=1', '__proto__'],
      ]
      for (const [query, param] of cases) {
        const get = await timed(`/v1/payment_intents/pi_x?key=${publishableKey}&${query}`)
        expect(get.status, query).toBe(400)
        expect(get.body.error, query).toMatchObject({ type: 'invalid_request_error', param })
        const post = await confirm(query)
        expect(post.status, query).toBe(400)
        expect(post.body.error.param, query).toBe(param)
      }
      await shopStillWorks()
    })

    it('refuses prototype names in search bodies and in the params string, in Algolia’s error shape', async () => {
      for (const body of ['{"__proto__":{"probe":1},"query":""}', '{"constructor":{"prototype":{"probe":1}}}', '{"params":"__proto__=1"}', '{"params":"query=x&constructor=1"}']) {
        const res = await timed('/search/1/indexes/products/query', { method: 'POST', headers: searchKeys(), body })
        expect(res.status, body).toBe(400)
        expect(res.body, body).toEqual({ message: expect.stringMatching(/^Unknown parameter: (__proto__|constructor)$/), status: 400 })
      }
      const batch = await timed('/search/1/indexes/*/queries', { method: 'POST', headers: searchKeys(), body: '{"requests":[{"indexName":"products","__proto__":{"probe":1}}]}' })
      expect(batch.status).toBe(400)
      await shopStillWorks()
    })
  })

  describe('the Stripe sandbox’s parameter sizes', () => {
    it('answers the huge list index at once with a 400 instead of building a sparse list', async () => {
      const res = await confirm('expand[4294967294]=x')
      expect(res.status).toBe(400)
      expect(res.ms).toBeLessThan(1000)
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param: 'expand', message: expect.stringContaining('Invalid array') })
    })

    it('bounds list length, gaps, nesting, parameter count and request size', async () => {
      const list = (n: number) => Array.from({ length: n }, () => 'expand[]=latest_charge').join('&')
      expect((await confirm(list(FORM_LIMITS.listLength + 1))).body.error).toMatchObject({ param: 'expand', message: expect.stringContaining(`at most ${FORM_LIMITS.listLength} entries`) })
      expect((await confirm('expand[1]=latest_charge')).body.error.param).toBe('expand')
      expect((await confirm('expand[0]=a&expand[x]=b')).status).toBe(400)
      const deep = `metadata${'[a]'.repeat(FORM_LIMITS.depth + 1)}=x`
      expect((await confirm(deep)).body.error).toMatchObject({ type: 'invalid_request_error', message: expect.stringContaining(`at most ${FORM_LIMITS.depth} levels`) })
      const many = Array.from({ length: FORM_LIMITS.pairs + 1 }, (_, i) => `metadata[k${i}]=v`).join('&')
      expect((await confirm(many)).body.error.message).toContain(`at most ${FORM_LIMITS.pairs}`)
      const huge = await postEarly('/v1/payment_intents/pi_x/confirm', { 'content-type': 'application/x-www-form-urlencoded' }, `key=${publishableKey}&description=${'x'.repeat(FORM_LIMITS.bytes)}`)
      expect(huge.status).toBe(413)
      expect(huge.body.error.type).toBe('invalid_request_error')
      const version = await timed(`/v1/payment_intents/pi_x?key=${publishableKey}`, { headers: { 'stripe-version': 'x'.repeat(5000) } })
      expect(version.status).toBe(400)
      expect(version.body.error.param).toBe('Stripe-Version')
    })

    it('still reads lists written in order, and finds that the intent does not exist', async () => {
      const res = await confirm('expand[0]=latest_charge&payment_method=pm_card_visa')
      expect(res.status).toBe(404)
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' })
    })
  })

  describe('search parameter sizes', () => {
    it('refuses a 256 KB query at once with Algolia’s message, and takes a query of 512 bytes', async () => {
      const res = await postEarly('/search/1/indexes/products/query', searchKeys(), JSON.stringify({ query: 'a'.repeat(256 * 1024) }))
      expect(res).toMatchObject({ status: 413, body: { message: 'Request Entity Too Large', status: 413 } })
      expect(res.ms).toBeLessThan(1000)
      const long = await query({ query: '抹'.repeat(171) })
      expect(long).toMatchObject({ status: 400, body: { message: 'Invalid value for "query" parameter, expected string shorter than 512 bytes', status: 400 } })
      expect(long.ms).toBeLessThan(1000)
      const inParams = await query({ params: `query=${encodeURIComponent('x'.repeat(513))}` })
      expect(inParams.body.message).toBe('Invalid value for "query" parameter, expected string shorter than 512 bytes')
      // 511 bytes of UTF-8
      const longest = await query({ query: '抹茶 '.repeat(73) })
      expect(longest.status).toBe(200)
      expect(longest.ms).toBeLessThan(1000)
    })

    it('bounds pages, hits per page, lists and tags', async () => {
      expect((await query({ hitsPerPage: SEARCH_LIMITS.hitsPerPage })).status).toBe(200)
      expect((await query({ hitsPerPage: SEARCH_LIMITS.hitsPerPage + 1 })).status).toBe(400)
      expect((await query({ page: SEARCH_LIMITS.page + 1 })).status).toBe(400)
      expect((await query({ facets: Array.from({ length: SEARCH_LIMITS.listLength + 1 }, (_, i) => `f${i}`) })).status).toBe(400)
      expect((await query({ attributesToRetrieve: Array.from({ length: SEARCH_LIMITS.listLength + 1 }, () => 'name') })).status).toBe(400)
      expect((await query({ highlightPreTag: 'x'.repeat(SEARCH_LIMITS.nameLength + 1) })).status).toBe(400)
    })

    it('refuses more than 50 queries in one batch, as Algolia does, and answers 50', async () => {
      const one = { indexName: 'products', query: '', hitsPerPage: 1 }
      const many = await queries(Array.from({ length: 1000 }, () => ({ ...one, hitsPerPage: 1000 })))
      expect(many).toMatchObject({ status: 400, body: { message: 'Too many queries in multi query request', status: 400 } })
      const fifty = await queries(Array.from({ length: SEARCH_LIMITS.queriesPerBatch }, () => one))
      expect(fifty.status).toBe(200)
      expect(fifty.body.results).toHaveLength(50)
      expect((await queries([null])).status).toBe(400)
    })

    it('bounds the hits one batch may ask for, so that no answer runs to hundreds of megabytes', async () => {
      const ask = (hitsPerPage: number, n: number) => queries(Array.from({ length: n }, () => ({ indexName: 'products', query: '', hitsPerPage })))
      expect((await ask(SEARCH_LIMITS.hitsPerPage, SEARCH_LIMITS.hitsPerBatch / SEARCH_LIMITS.hitsPerPage)).status).toBe(200)
      expect((await ask(20, 50)).status).toBe(200)
      const many = await ask(SEARCH_LIMITS.hitsPerPage, 2)
      expect(many).toMatchObject({ status: 400, body: { message: expect.stringContaining('Too many hits'), status: 400 } })
      const viaParams = await queries([{ indexName: 'products', params: 'hitsPerPage=600' }, { indexName: 'products', params: 'hitsPerPage=600' }])
      expect(viaParams.status).toBe(400)
    })
  })

  describe('synonyms', () => {
    const adminKeys = () => ({ 'x-algolia-application-id': search.app_id, 'x-algolia-api-key': shop.searchAdminKey })
    const synonyms = (path: string, init: { method: string; body?: string; keys?: Record<string, string> }) =>
      timed(`/search/1/indexes/products/synonyms${path}`, { method: init.method, headers: { 'content-type': 'text/plain', ...(init.keys ?? adminKeys()) }, body: init.body })
    const batch = (body: unknown, query = '') => synonyms(`/batch${query}`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) })
    const good = { objectID: 'probe', type: 'synonym', synonyms: ['probe-a', 'probe-b'] }

    it('answer the admin key only: the public search key may neither read nor write them', async () => {
      for (const [path, method] of [
        ['/batch', 'POST'],
        ['/search', 'POST'],
        ['/clear', 'POST'],
        ['/daifuku-en', 'GET'],
        ['/daifuku-en', 'PUT'],
        ['/daifuku-en', 'DELETE'],
      ] as const) {
        const res = await synonyms(path, { method, body: method === 'GET' || method === 'DELETE' ? undefined : '[]', keys: searchKeys() })
        expect(res, `${method} ${path}`).toMatchObject({ status: 403, body: { message: 'Invalid Application-ID or API key', status: 403 } })
      }
      expect((await synonyms('/daifuku-en', { method: 'GET' })).body).toMatchObject({ objectID: 'daifuku-en', type: 'onewaysynonym' })
    })

    it('refuse bad bodies, shapes, types, flags and sizes with a 400 in Algolia’s shape, changing nothing', async () => {
      const before = await synonyms('/search', { method: 'POST', body: '{"hitsPerPage":1000}' })
      const bad: [unknown, string][] = [
        ['{not json', 'Invalid JSON body'],
        [{ objectID: 'x' }, 'expected an array'],
        [[null], 'Invalid synonym'],
        [[{ ...good, type: 'placeholder', placeholder: '<x>', replacements: ['y'] }], 'Unsupported synonym type: placeholder'],
        [[{ ...good, type: 'antonym' }], 'Invalid synonym'],
        [[{ ...good, synonyms: 'probe-a' }], 'synonyms'],
        [[{ ...good, synonyms: ['probe-a'] }], 'synonyms'],
        [[{ ...good, synonyms: ['probe-a', { $gt: '' }] }], 'synonyms'],
        [[{ ...good, synonyms: ['probe-a', 'x'.repeat(SYNONYM_LIMITS.wordLength + 1)] }], 'synonyms'],
        [[{ ...good, synonyms: Array.from({ length: SYNONYM_LIMITS.wordsPerSynonym + 1 }, (_, i) => `w${i}`) }], 'synonyms'],
        [[{ ...good, objectID: 'x'.repeat(SYNONYM_LIMITS.wordLength + 1) }], 'objectID'],
        [[{ ...good, extra: 1 }], 'extra'],
        ['[{"objectID":"p","type":"synonym","synonyms":["a","b"],"__proto__":{"probe":1}}]', '__proto__'],
        [[good, { objectID: 'probe-2', type: 'onewaysynonym', synonyms: ['a'] }], 'input'],
        [Array.from({ length: SYNONYM_LIMITS.perIndex + 1 }, (_, i) => ({ ...good, objectID: `p${i}` })), 'Too many synonyms'],
      ]
      for (const [body, message] of bad) {
        const res = await batch(body)
        expect(res.status, message).toBe(400)
        expect(res.body, message).toEqual({ message: expect.stringContaining(message), status: 400 })
      }
      expect((await batch([good], '?forwardToReplicas=yes')).body).toEqual({ message: 'Invalid value for "forwardToReplicas": expected true or false', status: 400 })
      expect((await synonyms('/search', { method: 'POST', body: '{"hitsPerPage":5000}' })).status).toBe(400)
      expect((await synonyms('/search', { method: 'POST', body: '{"type":"placeholder"}' })).status).toBe(400)
      expect((await synonyms('/search', { method: 'POST', body: '{"query":"x","__proto__":{}}' })).status).toBe(400)
      expect((await synonyms('/x', { method: 'PUT', body: '"x"' })).status).toBe(400)
      expect((await synonyms('/no-such-synonym', { method: 'GET' })).body).toEqual({ message: 'Synonym set does not exist', status: 404 })
      expect((await synonyms('/no-such-synonym', { method: 'DELETE' })).status).toBe(404)
      expect(await synonyms('/search', { method: 'POST', body: '{"hitsPerPage":1000}' })).toMatchObject({ status: 200, body: before.body })
      await shopStillWorks()
    })

    it('take a batch at the cap quickly, and a query still costs one lookup per synonym it names', async () => {
      const many = Array.from({ length: SYNONYM_LIMITS.perIndex }, (_, i) => ({ objectID: `p${i}`, type: 'synonym', synonyms: Array.from({ length: 10 }, (_, k) => `probe${i}x${k}`) }))
      expect((await batch(many)).body.message).toContain('Too many synonyms')
      const saved = await batch(many, '?replaceExistingSynonyms=true&forwardToReplicas=true')
      expect(saved.status).toBe(200)
      expect(saved.ms).toBeLessThan(5000)
      const words = Array.from({ length: 40 }, (_, i) => `probe${i}x0`).join(' ')
      const res = await query({ query: words })
      expect(res.status).toBe(200)
      expect(res.ms).toBeLessThan(1000)
      // the shop's own synonyms come back with the indexer's next rebuild
      expect((await batch([], '?replaceExistingSynonyms=true')).status).toBe(200)
      await shop.indexer.ensureFresh(true)
      expect((await query({ query: '大福' })).status).toBe(200)
    })
  })

  describe('filters', () => {
    it('filter only on the attributes the index declares', async () => {
      const res = await query({ filters: 'no_such_attribute:1' })
      expect(res).toMatchObject({ status: 400, body: { message: "Cannot filter on attribute 'no_such_attribute': it is not in attributesForFaceting", status: 400 } })
      expect((await query({ filters: 'rank > 3' })).body.message).toContain('numericAttributesForFiltering')
      expect((await query({ facetFilters: ['sku:SNK-0001'] })).status).toBe(400)
      expect((await query({ numericFilters: ['id>1'] })).status).toBe(400)
      const many = Array.from({ length: 2000 }, (_, i) => `a${i}:1`).join(' OR ')
      expect((await query({ filters: many })).status).toBe(400)
    })

    it('answer deep nesting and long NOT chains with a 400, not a 500', async () => {
      const deep = await query({ filters: `${'('.repeat(2000)}city:kyoto${')'.repeat(2000)}` })
      expect(deep).toMatchObject({ status: 400, body: { message: expect.stringContaining('nest at most') } })
      const nots = await query({ filters: `${'NOT '.repeat(1000)}city:kyoto` })
      expect(nots).toMatchObject({ status: 400, body: { status: 400 } })
      const depthOk = await query({ filters: `${'('.repeat(SEARCH_LIMITS.filterDepth)}city:kyoto${')'.repeat(SEARCH_LIMITS.filterDepth)}` })
      expect(depthOk.status).toBe(200)
    })

    it('keep the filters the PWA builds working: every attribute it filters on is declared for faceting', async () => {
      const source = await readFile('src/features/search/api/search-state.ts', 'utf8')
      const filtered = [...source.matchAll(/`([a-z_]+):\$\{/g)].map((m) => m[1]!)
      expect(filtered).toEqual(expect.arrayContaining(['price_min', 'category_ids', 'city', 'trend_group_id', 'stock_status']))
      const declared = PRODUCT_INDEX_SETTINGS.attributesForFaceting.map((a) => /^\w+\((.+)\)$/.exec(a)?.[1] ?? a)
      for (const attribute of filtered) expect(declared, attribute).toContain(attribute)
      // what buildFilters sends with every facet active
      const res = await query({ filters: 'price_min:0 TO 5000 AND category_ids:1 AND city:"kyoto" AND trend_group_id:1 AND stock_status:in_stock', facets: ['category_ids', 'city', 'trend_group_id', 'stock_status'] })
      expect(res.status).toBe(200)
      expect((await query({ filters: 'price_min:0 TO 5000 AND city:"kyoto"' })).body.nbHits).toBeGreaterThan(0)
    })
  })

  describe('CORS', () => {
    const preflight = (url: string, origin: string, headers: string) =>
      fetch(`${shop.url}${url}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers } })

    it('lets only the shop’s own origin read the emulators’ answers', async () => {
      const own = shop.url
      for (const origin of [own, foreign]) {
        const searchRes = await fetch(`${shop.url}/search/1/indexes/products/query?x-algolia-application-id=${search.app_id}&x-algolia-api-key=${search.search_key}`, {
          method: 'POST',
          headers: { origin, 'content-type': 'text/plain' },
          body: '{"query":""}',
        })
        expect(searchRes.status).toBe(200)
        expect(searchRes.headers.get('access-control-allow-origin'), origin).toBe(origin === own ? own : null)
        const stripeRes = await fetch(`${shop.url}/v1/payment_intents/pi_x?key=${publishableKey}`, { headers: { origin } })
        expect(stripeRes.headers.get('access-control-allow-origin'), origin).toBe(origin === own ? own : null)
        const stripePreflight = await preflight('/v1/payment_intents/pi_x/confirm', origin, 'authorization,content-type')
        expect(stripePreflight.headers.get('access-control-allow-origin'), origin).toBe(origin === own ? own : null)
        const searchPreflight = await preflight('/search/1/indexes/*/queries', origin, 'x-algolia-api-key')
        expect(searchPreflight.headers.get('access-control-allow-origin'), origin).toBe(origin === own ? own : null)
      }
    })
  })
})
