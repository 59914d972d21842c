import os from 'node:os'
import pg from 'pg'
import { createPostgresDatabase } from '../../scripts/lib/postgres'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDatabase, type Database } from '../../server/db/client'
import { serveShop } from '../../server/lib/http-server'
import { createLogger } from '../../server/lib/logger'
import type { Mail } from '../../server/integrations/mail'
import type { NotificationDispatcher } from '../../server/modules/notification/dispatcher'
import type { OrderSweeper } from '../../server/modules/order/sweeper'
import type { SearchIndexer } from '../../server/modules/search/indexer'
import type { CatalogueFile } from '../../contract/catalogue-file'
import { importCatalogue } from '../../server/flows/catalogue-import/import'
import { registration } from '../fixtures/member-factory'

/** the operator API's key in shops started by startShop */
export const TEST_OPERATOR_KEY = 'test-operator-key-0123456789abcdef'

export type DatabaseTarget = { kind: 'pglite' } | { kind: 'postgres'; url: string }

const POSTGRES_URL = withUser(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test')

/** node-postgres needs a user name where libpq would use the login name. */
function withUser(raw: string) {
  const url = new URL(raw)
  if (!url.username) url.username = process.env.PGUSER || os.userInfo().username
  return url.toString()
}

async function postgresAnswers(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

let targets: Promise<DatabaseTarget[]> | undefined

/** PGlite always; Postgres too when TEST_DATABASE_URL (or the local test database) answers. */
export function databaseTargets(): Promise<DatabaseTarget[]> {
  targets ??= postgresAnswers(POSTGRES_URL).then((ok) => {
    if (!ok) process.stderr.write(`[api tests] Postgres at ${POSTGRES_URL} does not answer: running on PGlite only\n`)
    return ok ? [{ kind: 'pglite' }, { kind: 'postgres', url: POSTGRES_URL }] : [{ kind: 'pglite' }]
  })
  return targets
}

export { createPostgresDatabase }

/** A fresh, empty, migrated database: in-memory PGlite, or a new Postgres database dropped on close. */
export async function freshDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'pglite') return openDatabase({ dataDir: 'memory://' })
  const created = await createPostgresDatabase(target.url)
  const database = await openDatabase({ databaseUrl: created.url, dataDir: 'unused' })
  return {
    ...database,
    async close() {
      await database.close()
      await created.drop()
    },
  }
}

/** A clock the test moves by hand. */
export class TestClock {
  constructor(public time = new Date('2026-11-21T09:00:00Z').getTime()) {}
  now = () => new Date(this.time)
  advance(ms: number) {
    this.time += ms
  }
}

export interface TestShop {
  database: Database
  clock: TestClock
  /** every mail the shop sent, newest last */
  mails: Mail[]
  request(path: string, init?: RequestInit & { locale?: string }): Promise<Response>
  json<T = any>(path: string, init?: RequestInit & { locale?: string }): Promise<{ status: number; body: T; headers: Headers }>
  /** background work, not started: tests run their passes with the test clock */
  dispatcher: NotificationDispatcher
  sweeper: OrderSweeper
  close(): Promise<void>
}

/** A new member, registered and signed in through the API: their bearer token. */
export async function signedInToken(shop: Pick<TestShop, 'json'>): Promise<string> {
  const body = registration()
  await shop.json('/api/v1/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const login = await shop.json('/api/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: body.email, password: body.password }) })
  return login.body.data.token as string
}

/** The whole app over a fresh database, optionally loaded with a catalogue; requests go through app.request. */
export async function startShop(
  target: DatabaseTarget,
  options: { catalogue?: CatalogueFile; env?: Record<string, string>; /** how each mail is sent once kept in `mails` (a slow or failing server) */ send?: (mail: Mail) => Promise<void> } = {},
): Promise<TestShop> {
  const database = await freshDatabase(target)
  if (options.catalogue) await importCatalogue(database.db, options.catalogue)
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_DIR: 'tests/fixtures/public', SSR_DIR: 'tests/fixtures/no-ssr', ...options.env })
  const clock = new TestClock()
  const mails: Mail[] = []
  const mailer = {
    async send(mail: Mail) {
      mails.push(mail)
      await options.send?.(mail)
    },
  }
  const { app, workers } = buildApp({ config, database, logger: createLogger('silent'), clock: clock.now, mailer, operatorKey: TEST_OPERATOR_KEY })
  const request = (path: string, init: RequestInit & { locale?: string } = {}) => {
    const headers = new Headers(init.headers)
    if (init.locale) headers.set('x-localization', init.locale)
    return Promise.resolve(app.request(path, { ...init, headers }))
  }
  return {
    database,
    clock,
    mails,
    request,
    async json(path, init) {
      const res = await request(path, init)
      return { status: res.status, body: await res.json(), headers: res.headers }
    },
    dispatcher: workers.dispatcher,
    sweeper: workers.sweeper,
    close: () => database.close(),
  }
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net')
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export interface ListeningShop {
  url: string
  port: number
  database: Database
  indexer: SearchIndexer
  /** the embedded search engine's admin key, for tests that write through the admin client */
  searchAdminKey: string
  close(): Promise<void>
}

/** The app listening on a real port, for clients that speak HTTP themselves (algoliasearch). */
export async function listenShop(target: DatabaseTarget, options: { catalogue?: CatalogueFile; env?: Record<string, string> } = {}): Promise<ListeningShop> {
  const database = await freshDatabase(target)
  if (options.catalogue) await importCatalogue(database.db, options.catalogue)
  const port = await freePort()
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_DIR: 'tests/fixtures/public', SSR_DIR: 'tests/fixtures/no-ssr', PORT: String(port), ...options.env })
  const searchAdminKey = crypto.randomUUID()
  const { app, workers: { indexer } } = buildApp({ config, database, logger: createLogger('silent'), searchAdminKey })
  const server = serveShop(app.fetch, { hostname: '127.0.0.1', port }, config.http)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    database,
    indexer,
    searchAdminKey,
    async close() {
      await indexer.stop()
      await new Promise((resolve) => server.close(resolve))
      await database.close()
    },
  }
}
