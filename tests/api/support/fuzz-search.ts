import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { SearchEngine } from '../../../server/emulators/algolia/engine'
import { searchEngineOpenApi } from '../../../server/emulators/algolia/openapi'
import { algoliaRoutes } from '../../../server/emulators/algolia/routes'
import type { Logger } from '../../../server/lib/logger'
import { importCatalogue } from '../../../server/flows/catalogue-import/import'
import { searchAdminClient } from '../../../server/integrations/search'
import { SearchIndexer } from '../../../server/modules/search/indexer'
import { smallCatalogue } from '../../fixtures/catalogue-factory'
import { freePort, freshDatabase } from '../harness'
import type { Answer, FuzzCase, WalkOptions } from './openapi-fuzz'

const KEYS = { appId: 'FUZZ', searchKey: 'fuzz-search-key', adminKey: 'fuzz-admin-key' }

/** Searching needs only the search key; everything else the walk signs with the admin key. */
const SEARCHES = /^\/search\/1\/indexes\/[^/]+\/quer(?:y|ies)(?:\?|$)/

/**
 * The embedded search engine alone, listening on a real port, with the small catalogue indexed by
 * the shop's own indexer (settings, sort replicas, synonyms): what the walk of its OpenAPI
 * description (server/emulators/algolia/openapi.ts) runs against. The engine keeps no data in the
 * database, so the database is only read to index and closed before the walk.
 */
export async function startFuzzSearchEngine() {
  const failures: string[] = []
  const logger: Logger = { debug() {}, info() {}, warn() {}, error: (message, extra) => void failures.push(`${message} ${JSON.stringify(extra)}`) }
  const routes = algoliaRoutes(new SearchEngine(), KEYS, { logger })
  const app = new Hono().route('/search', routes)
  const port = await freePort()
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const url = `http://127.0.0.1:${port}`

  const database = await freshDatabase({ kind: 'pglite' })
  try {
    await importCatalogue(database.db, smallCatalogue())
    const browser = { app_id: KEYS.appId, search_key: KEYS.searchKey, hosts: [`127.0.0.1:${port}/search`], protocol: 'http' as const, index: 'products' }
    const settings = { ...KEYS, index: 'products', embedded: true, serverHosts: [{ url: `127.0.0.1:${port}/search`, protocol: 'http' as const }], browser }
    const indexer = new SearchIndexer(database.db, { client: searchAdminClient(settings), name: settings.index, hosted: false }, logger)
    await indexer.ensureFresh()
    await indexer.stop()
  } finally {
    await database.close()
  }

  const options: Pick<WalkOptions, 'send' | 'token' | 'snapshot' | 'lastFailure' | 'errorShape'> = {
    async send(request: FuzzCase): Promise<Answer> {
      const headers = { ...request.headers }
      if (request.signedIn) {
        delete headers.authorization
        headers['x-algolia-application-id'] = KEYS.appId
        headers['x-algolia-api-key'] = request.method === 'POST' && SEARCHES.test(request.url) ? KEYS.searchKey : KEYS.adminKey
      }
      const res = await fetch(url + request.url, { method: request.method, headers, body: request.body, redirect: 'manual' })
      return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() }
    },
    // the engine's keys stand in for a member's token: `send` swaps them in
    token: async () => 'keys',
    // nothing is stored in the database: a refusal has nothing to leave unchanged there
    snapshot: async () => '',
    lastFailure: () => failures.at(-1),
    errorShape: algoliaErrorShapeProblem,
  }

  return {
    doc: searchEngineOpenApi as unknown as WalkOptions['doc'],
    /** every route the engine answers, `METHOD /path/{param}` as the description spells it */
    routes: routes.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
    failures,
    ...options,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Whether a 4xx answer has Algolia's error shape: `{"message": "…", "status": <the status>}`. */
export function algoliaErrorShapeProblem(answer: Answer): string | undefined {
  if (!/^application\/json/.test(answer.contentType)) return `content-type ${answer.contentType || 'none'}`
  let body: { message?: unknown; status?: unknown }
  try {
    body = JSON.parse(answer.text)
  } catch {
    return 'not JSON'
  }
  if (typeof body?.message !== 'string' || body.message === '') return 'no message'
  if (body.status !== answer.status) return `status ${String(body.status)} in the body`
  return undefined
}
