import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import { buildApp } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import type { Logger } from '../../../server/lib/logger'
import { importCatalogue } from '../../../server/flows/catalogue-import/import'
import { freshSandboxKeys } from '../../../server/integrations/payments'
import { smallCatalogue } from '../../fixtures/catalogue-factory'
import { registration } from '../../fixtures/member-factory'
import { freePort, freshDatabase, TEST_OPERATOR_KEY, type DatabaseTarget } from '../harness'
import type { Answer, FuzzCase, WalkOptions } from './openapi-fuzz'

/**
 * Records of a refusal itself, written on purpose: failed sign-ins count towards the lock-out and
 * the rate limits. Every other table must be left as it was by a refused request.
 */
const REFUSAL_RECORDS = new Set(['rate_limits', 'sign_in_locks', 'login_attempts', '__drizzle_migrations'])

type Rows<T> = { rows: T[] }

/**
 * The shop listening on a real port (the Stripe sandbox is reached over HTTP) over a fresh
 * database with the small catalogue and one signed-in member: what the OpenAPI walk runs against.
 */
export async function startFuzzShop(target: DatabaseTarget) {
  const database = await freshDatabase(target)
  await importCatalogue(database.db, smallCatalogue())
  const port = await freePort()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-fuzz-'))
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_DIR: 'tests/fixtures/public', SSR_DIR: 'tests/fixtures/no-ssr', PORT: String(port), DATA_DIR: dataDir, AUTH_RATE_LIMIT: '99999' })
  const failures: string[] = []
  const logger: Logger = {
    debug() {},
    info() {},
    warn() {},
    error: (message, extra) => void failures.push(`${message} ${JSON.stringify(extra)}`),
  }
  const { app, background, workers } = buildApp({ config, database, logger, mailer: { send: async () => undefined }, stripeSandboxKeys: freshSandboxKeys(), operatorKey: TEST_OPERATOR_KEY })
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  await background.start()
  // the outbox's deliveries are written in the background, not by the request the walk is counting writes for
  await workers.dispatcher.stop()
  const url = `http://127.0.0.1:${port}`

  const send = async (request: FuzzCase): Promise<Answer> => {
    const res = await fetch(url + request.url, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual' })
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() }
  }

  const member = registration()
  let token: string | undefined
  const signIn = async () => {
    const res = await send({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: member.email, password: member.password }), signedIn: false })
    if (res.status !== 200) throw new Error(`the walk's member cannot sign in: ${res.status} ${res.text}`)
    return JSON.parse(res.text).data.token as string
  }
  const registered = await send({ method: 'POST', url: '/api/v1/register', headers: { 'content-type': 'application/json' }, body: JSON.stringify(member), signedIn: false })
  if (registered.status !== 201) throw new Error(`the walk's member cannot register: ${registered.status} ${registered.text}`)

  const tables = ((await database.db.execute(sql.raw(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`))) as unknown as Rows<{ name: string }>).rows
    .map((row) => row.name)
    .filter((name) => !REFUSAL_RECORDS.has(name))
  // every row written from now on is counted by table: a refused request must leave the counts as they were
  await database.db.execute(sql.raw('create table fuzz_writes (name text primary key, n bigint not null)'))
  await database.db.execute(
    sql.raw(`create function fuzz_count_write() returns trigger language plpgsql as $$
      begin
        insert into fuzz_writes values (TG_TABLE_NAME, 1) on conflict (name) do update set n = fuzz_writes.n + 1;
        return null;
      end $$`),
  )
  for (const name of tables) await database.db.execute(sql.raw(`create trigger fuzz_count_write after insert or update or delete on "${name}" for each row execute function fuzz_count_write()`))

  /** whether the token failed: GET /logout or a password change in the walk revokes it */
  let tokenRevoked = false
  const options: Pick<WalkOptions, 'send' | 'token' | 'snapshot' | 'lastFailure'> = {
    async send(request) {
      // operations under /operator are signed with the operators' key, not a member's token
      if (request.signedIn && request.url.startsWith('/api/v1/operator/')) request = { ...request, headers: { ...request.headers, authorization: `Bearer ${TEST_OPERATOR_KEY}` } }
      const answer = await send(request)
      if (request.signedIn && answer.status === 401) tokenRevoked = true
      return answer
    },
    async token() {
      if (!token || tokenRevoked) {
        token = await signIn()
        tokenRevoked = false
      }
      return token
    },
    async snapshot() {
      const rows = ((await database.db.execute(sql.raw('select name, n from fuzz_writes order by name'))) as unknown as Rows<{ name: string; n: string }>).rows
      return rows.map((row) => `${row.name}\t${row.n}`).join('\n')
    },
    lastFailure: () => failures.at(-1),
  }

  return {
    url,
    database,
    tables,
    ...options,
    async openapi() {
      const res = await send({ method: 'GET', url: '/api/v1/openapi.json', headers: {}, signedIn: false })
      return JSON.parse(res.text) as WalkOptions['doc']
    },
    async close() {
      await background.stop()
      await new Promise((resolve) => server.close(resolve))
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
