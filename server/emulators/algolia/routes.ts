import type { Context, MiddlewareHandler } from 'hono'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { routeOf } from '../../lib/errors'
import { summarizeError, type Logger } from '../../lib/logger'
import type { SearchEngine, SearchRecord } from './engine'
import { AlgoliaError, assertWellFormed, parseSearchParams, SEARCH_LIMITS } from './params'

export interface AlgoliaKeys {
  appId: string
  searchKey: string
  adminKey: string
}

/** Bytes of one request body: a search batch, and an admin write (the indexer saves 1,000 records at once). */
export const BODY_LIMITS = { search: 64 * 1024, admin: 16 * 1024 * 1024 } as const

/**
 * How long a query waits for the index built at start (decision 47): a few builds' time on a busy
 * 2-core machine. The browser client times out a read after 2 s and asks again with a longer wait,
 * so a held query is answered to one of its tries; past this the engine says 503 and the page
 * offers to try again.
 */
const QUERY_WAIT_MS = 20_000

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value)

/**
 * Algolia's REST API over the embedded engine, for mounting under `/search`. Credentials come as
 * `x-algolia-application-id` / `x-algolia-api-key` headers or query parameters; the search key may
 * only search. The browser client posts JSON as `text/plain` (no CORS preflight), so bodies are
 * read as text. Errors keep Algolia's `{"message", "status"}` shape; an unexpected one is logged
 * (its class and frames, never its message, which may quote the query) and answered 500.
 */
export function algoliaRoutes(
  engine: SearchEngine,
  keys: AlgoliaKeys,
  options: { logger: Logger; allowedOrigins?: readonly string[]; whenReady?: (timeoutMs: number) => Promise<boolean> },
) {
  const app = new Hono()
  // the browser client's simple requests need the header to read the answer on another origin; same-origin pages need none
  app.use('*', cors({ origin: [...(options.allowedOrigins ?? [])], allowHeaders: ['content-type', 'x-algolia-application-id', 'x-algolia-api-key', 'x-algolia-agent'], maxAge: 86400 }))
  app.onError((error, c) => {
    if (error instanceof AlgoliaError) return c.json({ message: error.message, status: error.status }, error.status as 400)
    options.logger.error('search engine: unexpected failure', { method: c.req.method, route: routeOf(c), status: 500, error: summarizeError(error) })
    return c.json({ message: 'Internal error', status: 500 }, 500)
  })

  const credential = (c: Context, name: string) => c.req.header(name) ?? c.req.query(name)
  const allow = (level: 'search' | 'admin'): MiddlewareHandler => async (c, next) => {
    const key = credential(c, 'x-algolia-api-key')
    const ok = credential(c, 'x-algolia-application-id') === keys.appId && (key === keys.adminKey || (level === 'search' && key === keys.searchKey))
    if (!ok) throw new AlgoliaError(403, 'Invalid Application-ID or API key')
    await next()
  }
  const tooLarge = (): never => {
    throw new AlgoliaError(413, 'Request Entity Too Large')
  }
  // while the index is first built at start, a query waits for it instead of finding nothing
  const indexed: MiddlewareHandler = async (_c, next) => {
    if (options.whenReady && !(await options.whenReady(QUERY_WAIT_MS))) throw new AlgoliaError(503, 'The index is being built; try again shortly')
    await next()
  }
  const searchBody = bodyLimit({ maxSize: BODY_LIMITS.search, onError: tooLarge })
  const adminBody = bodyLimit({ maxSize: BODY_LIMITS.admin, onError: tooLarge })
  const json = async (c: Context, empty: unknown): Promise<unknown> => {
    const text = await c.req.text()
    if (!text) return empty
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new AlgoliaError(400, 'Invalid JSON body')
    }
    // one check for every parameter of every route: no string (or key) the engine cannot echo or encode
    assertWellFormed(parsed)
    return parsed
  }
  const body = async (c: Context): Promise<Record<string, unknown>> => {
    const parsed = await json(c, {})
    if (isObject(parsed)) return parsed
    throw new AlgoliaError(400, 'Invalid JSON body')
  }
  /** `forwardToReplicas` and `replaceExistingSynonyms`, sent by the client as "true" or "false" */
  const flag = (c: Context, name: string) => {
    const value = c.req.query(name)
    if (value === undefined || value === 'false') return false
    if (value === 'true') return true
    throw new AlgoliaError(400, `Invalid value for "${name}": expected true or false`)
  }
  const synonymOptions = (c: Context) => ({ forwardToReplicas: flag(c, 'forwardToReplicas'), replaceExistingSynonyms: flag(c, 'replaceExistingSynonyms') })

  app.post('/1/indexes/*/queries', allow('search'), indexed, searchBody, async (c) => {
    const { requests } = await body(c)
    if (!Array.isArray(requests)) throw new AlgoliaError(400, 'requests: expected an array')
    if (requests.length > SEARCH_LIMITS.queriesPerBatch) throw new AlgoliaError(400, 'Too many queries in multi query request')
    if (!requests.every(isObject)) throw new AlgoliaError(400, 'requests: expected an array of objects')
    const hits = requests.reduce((sum: number, r) => sum + parseSearchParams(r).hitsPerPage, 0)
    if (hits > SEARCH_LIMITS.hitsPerBatch) throw new AlgoliaError(400, `Too many hits in multi query request: hitsPerPage may add up to ${SEARCH_LIMITS.hitsPerBatch}`)
    return c.json({ results: requests.map((r) => engine.search(String(r.indexName ?? ''), r)) })
  })
  app.post('/1/indexes/:index/query', allow('search'), indexed, searchBody, async (c) => c.json(engine.search(c.req.param('index'), await body(c))))

  app.get('/1/indexes', allow('admin'), (c) => c.json({ items: engine.listIndices(), nbPages: 1 }))
  app.get('/1/indexes/:index/settings', allow('admin'), (c) => c.json(engine.getSettings(c.req.param('index'))))
  app.put('/1/indexes/:index/settings', allow('admin'), adminBody, async (c) => c.json(engine.setSettings(c.req.param('index'), await body(c))))
  app.get('/1/indexes/:index/task/:task', allow('admin'), (c) => c.json(engine.taskStatus()))
  app.post('/1/indexes/:index/operation', allow('admin'), searchBody, async (c) => c.json(engine.operation(c.req.param('index'), await body(c))))
  app.delete('/1/indexes/:index', allow('admin'), (c) => c.json(engine.deleteIndex(c.req.param('index'))))
  app.post('/1/indexes/:index/clear', allow('admin'), (c) => c.json(engine.clear(c.req.param('index'))))
  // synonyms: what the settings ACL reaches in Algolia, so the admin key only
  app.post('/1/indexes/:index/synonyms/batch', allow('admin'), adminBody, async (c) => {
    const hits = await json(c, undefined)
    if (!Array.isArray(hits)) throw new AlgoliaError(400, 'Invalid synonyms: expected an array of synonym objects')
    const { taskID, updatedAt } = engine.saveSynonyms(c.req.param('index'), hits, synonymOptions(c))
    return c.json({ taskID, updatedAt })
  })
  app.post('/1/indexes/:index/synonyms/clear', allow('admin'), (c) => {
    const { taskID, updatedAt } = engine.clearSynonyms(c.req.param('index'), synonymOptions(c))
    return c.json({ taskID, updatedAt })
  })
  app.post('/1/indexes/:index/synonyms/search', allow('admin'), searchBody, async (c) => c.json(engine.searchSynonyms(c.req.param('index'), await body(c))))
  app.get('/1/indexes/:index/synonyms/:objectID', allow('admin'), (c) => c.json(engine.getSynonym(c.req.param('index'), c.req.param('objectID'))))
  app.put('/1/indexes/:index/synonyms/:objectID', allow('admin'), adminBody, async (c) => {
    const { taskID, updatedAt, id } = engine.saveSynonym(c.req.param('index'), c.req.param('objectID'), await json(c, undefined), synonymOptions(c))
    return c.json({ taskID, updatedAt, id })
  })
  app.delete('/1/indexes/:index/synonyms/:objectID', allow('admin'), (c) => c.json(engine.deleteSynonym(c.req.param('index'), c.req.param('objectID'), synonymOptions(c))))

  app.post('/1/indexes/:index/batch', allow('admin'), adminBody, async (c) => {
    const { requests } = (await body(c)) as { requests?: { action: string; body: SearchRecord }[] }
    if (!Array.isArray(requests) || !requests.every(isObject)) throw new AlgoliaError(400, 'requests: expected an array of objects')
    const index = c.req.param('index')
    const saves: SearchRecord[] = []
    const deletes: string[] = []
    for (const r of requests) {
      if ((r.action === 'addObject' || r.action === 'updateObject') && r.body?.objectID) saves.push({ ...r.body, objectID: String(r.body.objectID) })
      else if (r.action === 'deleteObject' && r.body?.objectID) deletes.push(String(r.body.objectID))
      else throw new AlgoliaError(400, `batch: unsupported action or missing objectID: ${r.action}`)
    }
    const saved = engine.saveObjects(index, saves)
    const deleted = engine.deleteObjects(index, deletes)
    return c.json({ taskID: Math.max(saved.taskID, deleted.taskID), objectIDs: [...saved.objectIDs, ...deleted.objectIDs] })
  })
  app.post('/1/indexes/:index', allow('admin'), adminBody, async (c) => {
    const record = await body(c)
    const objectID = String(record.objectID ?? crypto.randomUUID())
    const { taskID } = engine.saveObjects(c.req.param('index'), [{ ...record, objectID }])
    return c.json({ taskID, objectID, createdAt: new Date().toISOString() }, 201)
  })
  app.get('/1/indexes/:index/:objectID', allow('search'), indexed, (c) => c.json(engine.getObject(c.req.param('index'), c.req.param('objectID'))))
  app.put('/1/indexes/:index/:objectID', allow('admin'), adminBody, async (c) => {
    const record = { ...(await body(c)), objectID: c.req.param('objectID') }
    const { taskID } = engine.saveObjects(c.req.param('index'), [record])
    return c.json({ taskID, objectID: record.objectID, updatedAt: new Date().toISOString() })
  })
  app.delete('/1/indexes/:index/:objectID', allow('admin'), (c) => {
    const { taskID } = engine.deleteObjects(c.req.param('index'), [c.req.param('objectID')])
    return c.json({ taskID, deletedAt: new Date().toISOString() })
  })
  app.all('*', () => {
    throw new AlgoliaError(404, 'Not found')
  })
  return app
}
