import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxConfirmRequest } from '../../contract/payment'
import { startShopProcess, type ShopProcess } from '../../scripts/lib/shop-process'
import { verifyByMail } from '../../scripts/lib/verify-by-mail'
import { openDatabase } from '../../server/db/client'
import { orderLines, orderRequests, orders, payments, variants } from '../../server/db/schema'
import { SandboxStore } from '../../server/emulators/stripe/store'
import { importCatalogue } from '../../server/flows/catalogue-import/import'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { registration } from '../fixtures/member-factory'
import { invoice, recipient } from './checkout-kit'
import { createPostgresDatabase, databaseTargets, freePort } from './harness'

const targets = await databaseTargets()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const SCARCE = { sku: 'CRASH-0001-A', stock: 20 }
const PLENTY = { sku: 'CRASH-0002-A', stock: 1000 }

function catalogue() {
  const file = smallCatalogue()
  const label = { zh_tw: '1盒', en: '1 box', ja: '1箱' }
  file.products.push(
    productRecord('CRASH-0001', { variants: [{ sku: SCARCE.sku, label, price: 350, stock_left: SCARCE.stock }] }),
    productRecord('CRASH-0002', { variants: [{ sku: PLENTY.sku, label, price: 120, stock_left: PLENTY.stock }] }),
  )
  return file
}

/** `npm run shop -- …` against this shop's data. */
function shopCommand(env: Record<string, string>, ...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/shop.ts', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.on('data', (c) => (out += c))
  child.stderr.on('data', (c) => (out += c))
  return new Promise<{ code: number | null; out: string }>((resolve) => child.on('exit', (code) => resolve({ code, out })))
}

describe.each(targets)('a checkout interrupted by a crash of the server process, on $kind', (target) => {
  let dataDir: string
  let env: Record<string, string>
  let port: number
  let dropDatabase = async () => {}
  let shop: ShopProcess | undefined
  const ids: Record<string, { product_id: number; variant_id: number }> = {}
  const open = () => openDatabase({ databaseUrl: env.DATABASE_URL, dataDir })

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-crash-'))
    port = await freePort()
    // six checkouts a member at once, some of them declined: above the default cap on unpaid orders
    env = { DATA_DIR: dataDir, SEED_CATALOGUE: 'false', AUTH_RATE_LIMIT: '99999', LOG_LEVEL: 'error', HOST: '127.0.0.1', PORT: String(port), MAX_UNPAID_ORDERS: '6' }
    if (target.kind === 'postgres') {
      const created = await createPostgresDatabase(target.url, 'shop_crash')
      env.DATABASE_URL = created.url
      dropDatabase = created.drop
    }
    const database = await open()
    await importCatalogue(database.db, catalogue())
    for (const row of await database.db.select().from(variants)) ids[row.sku] = { product_id: row.product_id, variant_id: row.id }
    await database.close()
  })
  afterAll(async () => {
    if (shop?.child.exitCode === null) await shop.stop({ keepData: true })
    await dropDatabase()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('keeps stock, orders and payments consistent when killed mid-checkout and restarted', async () => {
    shop = await startShopProcess(env, port)
    const url = shop.url
    const keys = JSON.parse(await readFile(path.join(dataDir, 'stripe-sandbox-keys.json'), 'utf8'))
    expect(ids[SCARCE.sku], 'the catalogue names its variants').toBeDefined()

    const post = async (pathname: string, token: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(url + pathname, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000) })
      return { status: res.status, body: await res.json() }
    }
    const members: string[] = []
    for (let i = 0; i < 4; i++) {
      const r = registration()
      await post('/api/v1/register', '', r)
      await verifyByMail(url, dataDir, r.email)
      members.push((await post('/api/v1/login', '', { email: r.email, password: r.password })).body.data.token)
    }

    const methods = ['pm_card_visa', 'pm_card_visa', 'pm_card_chargeDeclined']
    const jobs = members.flatMap((token, m) =>
      Array.from({ length: 6 }, (_, i) => ({ token, key: `crash-${m}-${i}`, quantity: 1 + ((m + i) % 3), pm: methods[(m + i) % methods.length]! })),
    )
    const outcomes = new Map<string, { no?: string; intent?: string; soldOut?: boolean }>()
    let up = true
    let answered = 0
    /** One shopper: checkout with the same key until answered, then pay; connection failures are retried like a browser would. */
    async function shopper(job: (typeof jobs)[number]) {
      const lines = [
        { ...ids[SCARCE.sku]!, quantity: job.quantity },
        { ...ids[PLENTY.sku]!, quantity: 2 },
      ]
      let order: { no: string; payment: { client_secret: string } } | undefined
      while (!order) {
        try {
          const r = await post('/api/v1/ec-order', job.token, { lines, recipient, invoice }, { 'idempotency-key': job.key })
          if (r.status === 201) {
            order = r.body.data
            answered++
          }
          // sold out, or the member already holds half of what is left (decision 61)
          else if (r.status === 409 && (r.body.error.code === 'OUT_OF_STOCK' || r.body.error.code === 'VARIANT_HOLD_LIMIT')) return outcomes.set(job.key, { soldOut: true })
          else if (r.status < 500) throw new Error(`unexpected ${r.status} ${JSON.stringify(r.body)}`)
        } catch (error) {
          if ((error as Error).message.startsWith('unexpected')) throw error
        }
        if (!order) await sleep(up ? 50 : 200)
      }
      for (;;) {
        try {
          const { url: confirmPath, init } = sandboxConfirmRequest(order.payment.client_secret, job.pm, keys.publishableKey)
          const res = await fetch(url + confirmPath, { ...init, signal: AbortSignal.timeout(15_000) })
          if (res.status === 200 || res.status === 402 || res.status === 400) break
        } catch {
          // the server is down: try again
        }
        await sleep(200)
      }
      outcomes.set(job.key, { no: order.no, intent: order.payment.client_secret.split('_secret_')[0] })
    }

    // a random moment while checkouts are under way: after some have been answered, with others in flight
    const answeredBeforeKill = 1 + Math.floor(Math.random() * 6)
    const killAfter = `${answeredBeforeKill} answered checkouts`
    const running = Promise.all(jobs.map(shopper))
    while (answered < answeredBeforeKill && outcomes.size < jobs.length) await sleep(2)
    await sleep(Math.random() * 20)
    const doneAtKill = outcomes.size
    shop.child.kill('SIGKILL')
    await new Promise((resolve) => shop!.child.once('exit', resolve))
    up = false
    shop = await startShopProcess(env, port)
    up = true
    await running
    expect(doneAtKill, 'the kill came while shoppers were still checking out or paying').toBeLessThan(jobs.length)
    expect(outcomes.size).toBe(jobs.length)

    // let the webhooks (persisted by the sandbox before the crash, or new) reach the shop; order lists do not look at Stripe themselves
    const stripe = new Stripe(keys.secretKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 2 })
    const placed = [...outcomes.values()].filter((o) => o.no)
    const expected = new Map<string, string>()
    for (const o of placed) {
      const intent = await stripe.paymentIntents.retrieve(o.intent!)
      expected.set(o.no!, intent.status === 'succeeded' ? 'SUCCESSED' : intent.last_payment_error ? 'FAILED' : 'PROCESSING')
    }
    const deadline = Date.now() + 30_000
    for (;;) {
      const seen = new Map<string, string>()
      for (const token of members) {
        const list = await (await fetch(`${url}/api/v1/ec-order?per_page=50`, { headers: { authorization: `Bearer ${token}` } })).json()
        for (const o of list.data as { no: string; payment_status: string }[]) seen.set(o.no, o.payment_status)
      }
      const behind = [...expected].filter(([no, status]) => seen.get(no) !== status)
      if (behind.length === 0) break
      if (Date.now() > deadline) throw new Error(`webhooks never brought ${behind.length} orders up to date (kill after ${killAfter})`)
      await sleep(250)
    }
    await shop.stop({ keepData: true })

    const database = await open()
    const sandbox = await SandboxStore.open(path.join(dataDir, 'stripe-sandbox'))
    try {
      const db = database.db
      // stock + held quantities = initial
      for (const { sku, stock } of [SCARCE, PLENTY]) {
        const [variant] = await db.select().from(variants).where(eq(variants.sku, sku))
        const [held] = await db
          .select({ n: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.order_id))
          .where(sql`${orders.holds_stock} and ${orderLines.variant_id} = ${variant!.id}`)
        expect(variant!.stock_left + held!.n, `${sku} (kill after ${killAfter})`).toBe(stock)
        expect(variant!.stock_left).toBeGreaterThanOrEqual(0)
      }
      const allOrders = await db.select().from(orders)
      const allPayments = await db.select().from(payments)
      expect(allOrders.map((o) => o.no).sort()).toEqual([...new Set(placed.map((o) => o.no!))].sort())
      // one order per Idempotency-Key, every order reached by its key
      const requests = await db.select().from(orderRequests)
      expect(requests.filter((r) => r.order_id !== null)).toHaveLength(allOrders.length)
      expect(new Set(requests.map((r) => r.order_id)).size).toBe(allOrders.length)
      // every order holding stock is unpaid and unexpired, or paid
      const now = Date.now()
      for (const order of allOrders.filter((o) => o.holds_stock)) {
        const unpaidInTime = order.status === 'PROCESSING' && order.payment_status !== 'SUCCESSED' && order.payment_due_at.getTime() > now
        expect(unpaidInTime || order.payment_status === 'SUCCESSED', order.no).toBe(true)
      }
      // the sandbox's succeeded intents: at most one per order, each the SUCCESSED payment of exactly that order
      const succeeded = [...sandbox.intents.values()].filter((pi) => pi.status === 'succeeded')
      const byOrder = new Map<string, number>()
      for (const pi of succeeded) byOrder.set(pi.metadata.order_no!, (byOrder.get(pi.metadata.order_no!) ?? 0) + 1)
      for (const [no, charged] of byOrder) expect(charged, `order ${no} charged ${charged} times`).toBe(1)
      for (const pi of succeeded) {
        const owners = allPayments.filter((p) => p.intent_id === pi.id)
        expect(owners, pi.id).toHaveLength(1)
        expect(owners[0]!.status).toBe('SUCCESSED')
        expect(allOrders.find((o) => o.id === owners[0]!.order_id)!.no).toBe(pi.metadata.order_no)
      }
      expect(allPayments.filter((p) => p.status === 'SUCCESSED')).toHaveLength(succeeded.length)
      for (const pi of sandbox.intents.values()) expect(allOrders.some((o) => o.no === pi.metadata.order_no), `intent ${pi.id} has an order`).toBe(true)
      expect(succeeded.length).toBeGreaterThan(0)
    } finally {
      await sandbox.close()
      await database.close()
    }
  }, 180_000)

  it('lets operators ship and cancel with a refund from the command line', async () => {
    const database = await open()
    const paidOrders = await database.db.select().from(orders).where(eq(orders.payment_status, 'SUCCESSED'))
    await database.close()
    expect(paidOrders.length).toBeGreaterThanOrEqual(2)
    const [toShip, toCancel] = paidOrders

    shop = await startShopProcess(env, port)
    // beside a running shop: on Postgres the command opens the database itself; on PGlite (one
    // process at a time) it asks the shop's operator API, and cannot show an order's events
    if (target.kind === 'pglite') {
      const refused = await shopCommand(env, 'order:show', toShip!.no)
      expect(refused.code, refused.out).toBe(75)
      expect(refused.out).toContain('one process uses at a time')
    }
    const shipped = await shopCommand(env, 'order:ship', toShip!.no, '--tracking', '901230160565', '--carrier', 'tcat')
    expect(shipped.code, shipped.out).toBe(0)
    expect(shipped.out).toContain(`${toShip!.no}: TRANSPORTING`)
    expect(shipped.out).toContain('https://www.t-cat.com.tw/Inquire/TraceDetail.aspx?BillID=901230160565')
    if (target.kind === 'pglite') {
      expect(shipped.out).toContain('through the running shop')
      // stopped, the embedded database and sandbox are the command's own
      await shop.stop({ keepData: true })
      shop = undefined
    }
    const cancelled = await shopCommand(env, 'order:cancel', toCancel!.no, '--reason', 'out of stock at the warehouse')
    expect(cancelled.code, cancelled.out).toBe(0)
    expect(cancelled.out).toContain('CANCEL, payment SUCCESSED, refund REFUNDED')
    expect(cancelled.out).toMatch(/order\s+PROCESSING\s+-> CANCEL\s+operator out of stock at the warehouse/)

    // the refund's webhook (waiting in DATA_DIR when the command held the sandbox) reaches the shop and changes nothing more
    if (target.kind === 'pglite') shop = await startShopProcess(env, port)
    await sleep(1000)
    await shop!.stop({ keepData: true })
    const after = await open()
    const [order] = await after.db.select().from(orders).where(eq(orders.no, toCancel!.no))
    const [payment] = await after.db.select().from(payments).where(eq(payments.order_id, order!.id))
    expect(order).toMatchObject({ status: 'CANCEL', holds_stock: false, cancel_reason: 'out of stock at the warehouse' })
    expect(payment).toMatchObject({ refund_status: 'REFUNDED', refunded_amount: payment!.amount })
    await after.close()
  }, 180_000)
})
