import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDatabase, type Database, type DatabaseHealth } from '../../server/db/client'
import { createLogger } from '../../server/lib/logger'

/** What /api/v1/health tells a load balancer: ready for traffic, starting, or its database away. */
describe('the health check', () => {
  let database: Database
  let state: DatabaseHealth = { state: 'ok', restarts: 0 }
  let built: ReturnType<typeof buildApp>
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' })
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_DIR: 'tests/fixtures/public', SSR_DIR: 'tests/fixtures/no-ssr' })
    built = buildApp({ config, database: { ...database, health: () => state }, logger: createLogger('silent') })
  })
  afterAll(() => database?.close())

  const health = async () => {
    const res = await built.app.request('/api/v1/health')
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  it('answers 503 starting until what the server waits for has finished, then ok', async () => {
    let finish!: () => void
    built.readiness.waitFor('search', new Promise<void>((resolve) => (finish = resolve)))
    expect(await health()).toEqual({ status: 503, body: { status: 'starting', database: 'pglite', waiting_for: ['search'] } })
    // a query to the embedded engine waits meanwhile rather than finding an empty index
    let answered = false
    const query = Promise.resolve(
      built.app.request('/search/1/indexes/products/query', { method: 'POST', headers: { 'x-algolia-application-id': 'LOCAL', 'x-algolia-api-key': 'local-search-only' }, body: '{}' }),
    ).then((res) => ((answered = true), res))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(answered).toBe(false)
    finish()
    expect((await query).status).toBe(404) // no index was built in this test: Algolia's answer for a missing index
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'pglite' } })
  })

  it('answers 503 unavailable while the embedded database restarts or after it gave up, and counts the restarts', async () => {
    state = { state: 'restarting', restarts: 1 }
    expect(await health()).toEqual({ status: 503, body: { status: 'unavailable', database: 'pglite', database_state: 'restarting', restarts: 1 } })
    state = { state: 'ok', restarts: 1 }
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'pglite', restarts: 1 } })
    state = { state: 'failed', restarts: 2 }
    expect((await health()).body).toMatchObject({ status: 'unavailable', database_state: 'failed' })
  })
})
