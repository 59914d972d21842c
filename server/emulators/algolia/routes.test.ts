import { describe, expect, it } from 'vitest'
import type { Logger } from '../../lib/logger'
import { SearchEngine } from './engine'
import { assertWellFormed } from './params'
import { algoliaRoutes } from './routes'

const KEYS = { appId: 'APP', searchKey: 'search-key', adminKey: 'admin-key' }

function engineRoutes(engine = new SearchEngine()) {
  const logged: { message: string; extra?: Record<string, unknown> }[] = []
  const logger: Logger = { debug() {}, info() {}, warn() {}, error: (message, extra) => void logged.push({ message, extra }) }
  engine.setSettings('products', { searchableAttributes: ['name'], attributesForFaceting: ['city'] })
  engine.saveObjects('products', [{ objectID: '1', name: 'Matcha cookies', city: 'kyoto' }])
  const app = algoliaRoutes(engine, KEYS, { logger })
  const send = async (path: string, body: string, { method = 'POST', key = KEYS.searchKey } = {}) => {
    const res = await app.request(path, { method, headers: { 'x-algolia-application-id': KEYS.appId, 'x-algolia-api-key': key, 'content-type': 'text/plain' }, body })
    return { status: res.status, body: (await res.json()) as { message?: string; status?: number } }
  }
  return { send, logged }
}

describe('the search engine’s routes', () => {
  it('refuses an unpaired surrogate in any string of a body, key or value, with Algolia’s 400', async () => {
    const { send, logged } = engineRoutes()
    const lone = '\\ud800'
    const searches = [
      `{"query":"matcha${lone}"}`,
      `{"facets":"${lone}"}`,
      `{"facets":["city","${lone}"]}`,
      `{"highlightPreTag":"${lone}"}`,
      `{"highlightPostTag":"<${lone}>"}`,
      `{"userToken":"${lone}"}`,
      `{"filters":"city:${lone}"}`,
      `{"params":"query=${lone}"}`,
      `{"${lone}":1}`,
    ]
    for (const body of searches) {
      const answer = await send('/1/indexes/products/query', body)
      expect(answer, body).toEqual({ status: 400, body: { message: expect.stringContaining('well-formed Unicode'), status: 400 } })
    }
    const batch = await send('/1/indexes/*/queries', `{"requests":[{"indexName":"products","query":"a"},{"indexName":"products","query":"${lone}"}]}`)
    expect(batch).toEqual({ status: 400, body: { message: 'Invalid value for "requests.1.query": text must be well-formed Unicode (it holds an unpaired surrogate)', status: 400 } })
    // the admin key's writes too: a record or synonym holding one could never be answered
    for (const [path, body, method] of [
      ['/1/indexes/products/settings', `{"searchableAttributes":["${lone}"]}`, 'PUT'],
      ['/1/indexes/products', `{"objectID":"2","name":"${lone}"}`, 'POST'],
      ['/1/indexes/products/synonyms/batch', `[{"objectID":"s","type":"synonym","synonyms":["a","${lone}"]}]`, 'POST'],
    ] as const) {
      expect(await send(path, body, { method, key: KEYS.adminKey }), path).toEqual({ status: 400, body: { message: expect.stringContaining('well-formed Unicode'), status: 400 } })
    }
    expect(logged).toEqual([])
    // paired surrogates are text like any other
    expect((await send('/1/indexes/products/query', '{"query":"\\ud83c\\udf75","highlightPreTag":"\\ud83c\\udf75"}')).status).toBe(200)
  })

  it('logs an unexpected failure by its class and route, never its message, and answers 500 in Algolia’s shape', async () => {
    const engine = new SearchEngine()
    const { send, logged } = engineRoutes(engine)
    engine.search = () => {
      throw new TypeError('the query was matcha-secret')
    }
    expect(await send('/1/indexes/products/query', '{"query":"matcha-secret"}')).toEqual({ status: 500, body: { message: 'Internal error', status: 500 } })
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({ message: 'search engine: unexpected failure', extra: { method: 'POST', route: '/1/indexes/:index/query', status: 500, error: { name: 'TypeError' } } })
    expect(JSON.stringify(logged)).not.toContain('matcha-secret')
  })

  it('walks a body of any depth without recursion', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\udc00"${']'.repeat(100_000)}`)
    expect(() => assertWellFormed(deep)).toThrow('well-formed Unicode')
    expect(() => assertWellFormed({ a: [{ b: 'fine 🍵' }], '東京': null })).not.toThrow()
  })
})
