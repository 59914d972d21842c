import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import type { CatalogueFile } from '../../contract/catalogue-file'
import { sandboxConfirmRequest } from '../../contract/payment'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Database } from '../../server/db/client'
import { users, variants } from '../../server/db/schema'
import { serveShop } from '../../server/lib/http-server'
import { createLogger, type Logger } from '../../server/lib/logger'
import { importCatalogue } from '../../server/flows/catalogue-import/import'
import { freshSandboxKeys } from '../../server/integrations/payments'
import { registration } from '../fixtures/member-factory'
import type { Mail } from '../../server/integrations/mail'
import { freePort, freshDatabase, TEST_OPERATOR_KEY, type DatabaseTarget } from './harness'

/** Real time that a test can move forward: Stripe's timestamps stay comparable with the shop's. */
export class MovableClock {
  offset = 0
  now = () => new Date(Date.now() + this.offset)
  advance(ms: number) {
    this.offset += ms
  }
}

export const recipient = { name: '王小明', phone: '0912-345-678', zip_code: '106', county: '台北市', district: '大安區', address: '復興南路一段 390 號' }
export const invoice = { mode: 'personal', carrier_type: 'none', email: 'ming@example.tw', name: '王小明' }

export type Call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; body: any }>

export interface Member {
  id: number
  token: string
  call: Call
  /** places an order of these lines with the given Idempotency-Key (a fresh one by default) */
  checkout(lines: { product_id: number; variant_id: number; quantity: number }[], extra?: Record<string, unknown>, key?: string): Promise<{ status: number; body: any }>
}

/**
 * The whole shop listening on a real port (the Stripe SDK and the sandbox's webhooks speak HTTP),
 * over a fresh database, with its own DATA_DIR, the sandbox's deliveries and the sweeper started.
 */
export async function listenCheckoutShop(target: DatabaseTarget, options: { catalogue: CatalogueFile; env?: Record<string, string>; logger?: Logger }) {
  const database: Database = await freshDatabase(target)
  await importCatalogue(database.db, options.catalogue)
  const port = await freePort()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-checkout-'))
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_DIR: 'tests/fixtures/public', SSR_DIR: 'tests/fixtures/no-ssr', PORT: String(port), DATA_DIR: dataDir, AUTH_RATE_LIMIT: '99999', ...options.env })
  const clock = new MovableClock()
  const keys = freshSandboxKeys()
  const mails: Mail[] = []
  const { app, payments, realtime, background, workers, logistics } = buildApp({ config, database, logger: options.logger ?? createLogger('silent'), clock: clock.now, mailer: { send: async (mail) => void mails.push(mail) }, stripeSandboxKeys: keys, operatorKey: TEST_OPERATOR_KEY })
  // with the timeouts and caps the shop serves with (server/main.ts)
  const server = serveShop(app.fetch, { hostname: '127.0.0.1', port }, config.http)
  // the embedded Pusher server takes WebSocket upgrades, as in server/main.ts
  server.on('upgrade', (request, socket, head) => {
    if (!realtime.server?.handleUpgrade(request, socket, head)) socket.destroy()
  })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  await background.start()
  const url = `http://127.0.0.1:${port}`
  const stripe = new Stripe(keys.secretKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 })
  const ids: Record<string, { product_id: number; variant_id: number }> = {}
  for (const row of await database.db.select().from(variants)) ids[row.sku] = { product_id: row.product_id, variant_id: row.id }

  const request = async (method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(url + pathname, {
      method,
      headers: { 'content-type': 'application/json', 'x-localization': 'en', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null }
  }

  let keys_ = 0
  /**
   * A new member, signed in. Verified by default, as the e2e suite's members are: a member whose
   * e-mail is not verified holds one unpaid order of a few units at most (decision 61).
   */
  async function member(options: { verified?: boolean } = {}): Promise<Member> {
    const details = registration()
    const registered = await request('POST', '/api/v1/register', details)
    const login = await request('POST', '/api/v1/login', { email: details.email, password: details.password })
    const token = login.body.data.token as string
    const id: number = registered.body.data?.id ?? login.body.data.user?.id
    if (options.verified !== false) await database.db.update(users).set({ email_verified_at: clock.now() }).where(eq(users.id, id))
    const call: Call = (method, pathname, body, headers = {}) => request(method, pathname, body, { authorization: `Bearer ${token}`, ...headers })
    return {
      id,
      token,
      call,
      checkout: (lines, extra = {}, key = `checkout-${++keys_}-${Math.random()}`) =>
        call('POST', '/api/v1/ec-order', { lines, recipient, invoice, ...extra }, { 'idempotency-key': key }),
    }
  }

  /** Confirms an intent as the browser does (publishable key + client secret) with a test PaymentMethod. */
  async function pay(clientSecret: string, paymentMethod: string) {
    const { url: confirmPath, init } = sandboxConfirmRequest(clientSecret, paymentMethod, keys.publishableKey)
    const res = await fetch(url + confirmPath, init)
    return { status: res.status, body: await res.json() }
  }

  /** as an operator: `npm run shop -- order:...` over the operator API */
  const operate = (action: 'ship' | 'complete' | 'cancel' | 'parcel', no: string, body: Record<string, unknown> = {}) =>
    request('POST', `/api/v1/operator/orders/${no}/${action}`, body, { authorization: `Bearer ${TEST_OPERATOR_KEY}` })

  return {
    url,
    port,
    database,
    config,
    realtime,
    operate,
    /** mails the shop sent */
    mails,
    clock,
    keys,
    stripe,
    payments,
    /** ECPay's sandbox and the shop's client of it */
    logistics,
    workers,
    background,
    ids,
    line: (sku: string, quantity: number) => ({ ...ids[sku]!, quantity }),
    request,
    member,
    pay,
    /** waits until the sandbox has delivered every webhook */
    settle: () => payments.sandbox!.idle(),
    async close() {
      await background.stop()
      await realtime.server?.close()
      await new Promise((resolve) => server.close(resolve))
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export type CheckoutShop = Awaited<ReturnType<typeof listenCheckoutShop>>
