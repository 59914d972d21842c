import { randomBytes } from 'node:crypto'
import pg from 'pg'
import PusherJs from 'pusher-js'
import type { CatalogueFile } from '../../contract/catalogue-file'
import { NOTIFICATION_EVENT, privateMemberChannel } from '../../contract/realtime'
import { openDatabase } from '../../server/db/client'
import { importCatalogue } from '../../server/flows/catalogue-import/import'
import { fingerprint } from '../../server/lib/secrets'
import type { Cluster } from './cluster'

/**
 * The shoppers of `npm run bench:cluster` and of the cluster test (decision 78): many members at
 * once after the last units of one variant and a coupon good for a few uses, through the load
 * balancer; every order sent twice under its Idempotency-Key, the second time to the other server;
 * every card paid at the shared Stripe sandbox, whose webhooks reach both servers; each member
 * listening on their private channel through the balancer. Faults on request: `kill -9` of the
 * first shop just after it answered a webhook (an order's payment committed, its notification not
 * yet sent), a restart of it, and the database cut off once.
 */

const text = (s: string) => ({ zh_tw: s, en: s, ja: s })
export const CLUSTER_SKU = 'CLUSTER-1-A'
/** the one product the shoppers are after; imported again (a new name) to see the change reach both servers */
export const clusterCatalogue = (stock: number, name = 'Last box'): CatalogueFile => ({
  categories: [{ slug: 'cluster', name: text('Cluster'), position: 1 }],
  cities: [{ slug: 'osaka', name: text('Osaka'), prefecture: text('Osaka'), picture: '/images/cities/osaka.svg', is_hot: true, position: 1 }],
  trend_groups: [],
  products: [
    {
      sku: 'CLUSTER-1',
      name: text(name),
      description: text('The last boxes, for many shoppers at once'),
      categories: ['cluster'],
      city: 'osaka',
      trend_group: null,
      status: 'ACTIVE',
      stock_type: 'OFF_SHELF',
      expiry_date: '2030-01-01',
      arrival_days: 5,
      size: { length: 10, width: 10, height: 5, weight: 200 },
      rank: 1,
      images: ['/images/products/bench.svg'],
      variants: [{ sku: CLUSTER_SKU, label: text('1 box'), price: 500, stock_left: stock }],
    },
  ],
})

const recipient = { name: '王小明', phone: '0912345678', zip_code: '106', county: '台北市', district: '大安區', address: '復興南路一段 390 號' }
const invoice = { mode: 'personal', carrier_type: 'none', email: 'cluster@example.tw', name: '王小明' }

export interface Member {
  id: number
  token: string
}

export interface ClusterSetup {
  line: { product_id: number; variant_id: number }
  coupon: string
  members: Member[]
}

/** The variant with `stock` units, the coupon with `couponUses` uses, and `shoppers` verified members with a session each (made in the database: argon2 is not what is measured). */
export async function setUpShoppers(cluster: Cluster, options: { shoppers: number; stock: number; couponUses: number }): Promise<ClusterSetup> {
  const database = await openDatabase({ databaseUrl: cluster.database.url, dataDir: 'unused' })
  try {
    await importCatalogue(database.db, clusterCatalogue(options.stock))
  } finally {
    await database.close()
  }
  const client = new pg.Client({ connectionString: cluster.database.url })
  await client.connect()
  try {
    const { rows } = await client.query<{ product_id: number; id: number }>('select product_id, id from variants where sku = $1', [CLUSTER_SKU])
    const coupon = `CLUSTER${randomBytes(3).toString('hex').toUpperCase()}`
    await client.query(`insert into coupons (code, title, kind, value, total_limit) values ($1, $2, 'fixed', 50, $3)`, [coupon, JSON.stringify(text('Cluster')), options.couponUses])
    const members: Member[] = []
    const run = randomBytes(3).toString('hex')
    for (let i = 0; i < options.shoppers; i++) {
      const token = randomBytes(32).toString('base64url')
      const user = await client.query<{ id: number }>(
        `insert into users (email, first_name, last_name, email_verified_at, referrer_code) values ($1, '明', '王', now(), $2) returning id`,
        [`cluster-${run}-${i}@example.tw`, `CL${run}${i}`.toUpperCase()],
      )
      const id = user.rows[0]!.id
      await client.query(`insert into auth_tokens (user_id, token_hash, method, expires_at) values ($1, $2, 'GENERAL', now() + interval '1 day')`, [id, fingerprint(token)])
      members.push({ id, token })
    }
    return { line: { product_id: rows[0]!.product_id, variant_id: rows[0]!.id }, coupon, members }
  } finally {
    await client.end()
  }
}

export interface Answer {
  member: number
  key: string
  status: number
  upstream: string | null
  order?: string
  code?: string
}

export interface ClusterRun {
  answers: Answer[]
  /** orders placed (201), each once */
  orders: { no: string; member: number }[]
  /** per member: every notification id received on their socket, in order (a repeat shows a redelivery) */
  received: Map<number, number[]>
  /** members whose socket was closed at the fault and opened again afterwards */
  reconnected: number[]
  /** checkout latencies (ms) of the 201 answers */
  latencies: number[]
  /** requests sent again after a 502/503 or a cut connection */
  retries: number
  /** lowest stock seen while the run went on */
  lowestStock: number
  seconds: number
  faults: string[]
  /** closes every member's socket */
  close(): void
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function runShoppers(
  cluster: Cluster,
  setup: ClusterSetup,
  options: { faults: boolean; startWithinMs?: number; log?: (line: string) => void; /** performance.now() until which each member keeps checking out */ until?: number },
): Promise<ClusterRun> {
  const log = options.log ?? (() => undefined)
  const answers: Answer[] = []
  const orders: ClusterRun['orders'] = []
  const received = new Map<number, number[]>()
  const latencies: number[] = []
  const faults: string[] = []
  let retries = 0

  /** one request through the balancer, sent again (same body, same key) after a 502/503 or a cut connection, away from the server that failed */
  const send = async (member: Member, method: string, path: string, body: unknown, headers: Record<string, string>, not?: string) => {
    const t0 = performance.now()
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(cluster.url + path, {
          method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}`, ...(not ? { 'x-upstream-not': not } : {}), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        })
        const upstream = res.headers.get('x-upstream')
        const json = (await res.json().catch(() => ({}))) as { data?: { no?: string; payment?: { client_secret?: string | null } }; error?: { code?: string } }
        if ((res.status === 502 || res.status === 503) && attempt < 20) {
          retries++
          not = upstream ?? not
          await pause(100 + attempt * 100)
          continue
        }
        return { status: res.status, upstream, json, ms: performance.now() - t0 }
      } catch (error) {
        if (attempt >= 20) throw error
        retries++
        await pause(100 + attempt * 100)
      }
    }
  }

  // every member listens on their own private channel, through the balancer
  const sockets = new Map<number, PusherJs>()
  const listen = (member: Member) =>
    new Promise<void>((resolve, reject) => {
      const port = Number(new URL(cluster.url).port)
      const socket = new PusherJs(cluster.pusher.key, {
        cluster: '',
        wsHost: '127.0.0.1',
        wsPort: port,
        forceTLS: false,
        enabledTransports: ['ws'],
        disableStats: true,
        channelAuthorization: { endpoint: `${cluster.url}/api/v1/broadcasting/auth`, transport: 'ajax', headers: { authorization: `Bearer ${member.token}` } },
      } as ConstructorParameters<typeof PusherJs>[1])
      const channel = socket.subscribe(privateMemberChannel(member.id))
      channel.bind(NOTIFICATION_EVENT, (event: { data: { id: number } }) => {
        const list = received.get(member.id) ?? []
        list.push(event.data.id)
        received.set(member.id, list)
      })
      channel.bind('pusher:subscription_succeeded', () => resolve())
      channel.bind('pusher:subscription_error', (error: unknown) => reject(new Error(`subscription refused: ${JSON.stringify(error)}`)))
      sockets.set(member.id, socket)
    })
  for (let i = 0; i < setup.members.length; i += 25) await Promise.all(setup.members.slice(i, i + 25).map(listen))

  // the database's stock, watched while the run goes on
  const watcher = new pg.Client({ connectionString: cluster.database.url })
  await watcher.connect()
  watcher.on('error', () => undefined)
  let lowestStock = Number.POSITIVE_INFINITY
  let watching = true
  const watch = (async () => {
    while (watching) {
      try {
        const { rows } = await watcher.query<{ stock_left: number }>('select stock_left from variants where id = $1', [setup.line.variant_id])
        lowestStock = Math.min(lowestStock, rows[0]!.stock_left)
      } catch {
        // the database cut off: watched again once it is back
      }
      await pause(50)
    }
  })()

  // the faults: kill -9 the first shop just after it answered a webhook (a payment committed there, its notification
  // maybe not yet out), a few sockets closed meanwhile; the shop started again; then the database cut off once
  const reconnected: number[] = []
  let faultsDone: Promise<void> = Promise.resolve()
  if (options.faults) {
    const [a] = cluster.shops
    faultsDone = (async () => {
      const deadline = Date.now() + 20_000
      while ((cluster.balancer.webhooks.answered[a!.name] ?? 0) === 0 && Date.now() < deadline) await pause(5)
      await a!.kill()
      faults.push(`kill -9 ${a!.name} after its first webhook (${cluster.balancer.webhooks.answered[a!.name] ?? 0} answered)`)
      log(faults.at(-1)!)
      // the sockets of those who have ordered by now (their payments' notices on the way) and a few others
      const closing = [...new Set([...orders.map((o) => o.member), ...setup.members.slice(0, 5).map((m) => m.id)])].map((id) => setup.members.find((m) => m.id === id)!)
      for (const m of closing) sockets.get(m.id)?.disconnect()
      await pause(1_500)
      await a!.start()
      faults.push(`${a!.name} started again`)
      log(faults.at(-1)!)
      await Promise.all(closing.map((m) => listen(m)))
      reconnected.push(...closing.map((m) => m.id))
      await pause(500)
      await cluster.interruptDatabase(1_500)
      faults.push('database cut off for 1.5 s (every connection ended, new ones refused)')
      log(faults.at(-1)!)
    })()
  }

  const started = performance.now()
  const spread = options.startWithinMs ?? 2_000
  /** one checkout: with the coupon while it lasts, sent twice under its key (the second to the other server), then paid */
  const checkout = async (member: Member, i: number, n: number) => {
    let coupon: string | null = setup.coupon
    for (let round = 0; round < 2; round++) {
      const key = `cluster-${member.id}-${n}-${coupon ? 'coupon' : 'plain'}`
      const body = { lines: [{ ...setup.line, quantity: 1 }], recipient, invoice, coupon_code: coupon }
      // the retry lands on the other server: at once for half the members (a double tap), after the answer for the rest
      const first = send(member, 'POST', '/api/v1/ec-order', body, { 'idempotency-key': key })
      const both =
        i % 2 === 0
          ? await Promise.all([first, pause(5).then(() => send(member, 'POST', '/api/v1/ec-order', body, { 'idempotency-key': key }))])
          : await first.then(async (one) => [one, await send(member, 'POST', '/api/v1/ec-order', body, { 'idempotency-key': key }, one.upstream ?? undefined)] as const)
      for (const answer of both) answers.push({ member: member.id, key, status: answer.status, upstream: answer.upstream, order: answer.json.data?.no, code: answer.json.error?.code })
      const placed = both.find((a) => a.status === 201)
      if (placed) {
        latencies.push(both[0].ms)
        orders.push({ no: placed.json.data!.no!, member: member.id })
        const secret = placed.json.data!.payment!.client_secret!
        const intent = secret.split('_secret_')[0]!
        // paid at the sandbox through the balancer, as the browser's card form does
        for (let attempt = 0; attempt < 20; attempt++) {
          const paid = await fetch(`${cluster.url}/v1/payment_intents/${intent}/confirm`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ key: cluster.stripe.publishableKey, client_secret: secret, payment_method: 'pm_card_visa' }).toString(),
          }).catch(() => undefined)
          if (paid && (paid.ok || paid.status === 400)) break
          retries++
          await pause(200)
        }
        return true
      }
      // the coupon's uses are gone: the shopper tries again without it
      if (coupon && both.some((a) => a.json.error?.code === 'COUPON_INVALID')) {
        coupon = null
        continue
      }
      return false
    }
    return false
  }
  await Promise.all(
    setup.members.map(async (member, i) => {
      await pause(Math.floor(Math.random() * spread))
      // one checkout each, or (a benchmark) one after another until the time is up
      for (let n = 0; n === 0 || (options.until !== undefined && performance.now() < options.until); n++) {
        if (!(await checkout(member, i, n)) && options.until === undefined) break
      }
    }),
  )
  await faultsDone
  const seconds = (performance.now() - started) / 1000
  watching = false
  await watch
  await watcher.end()
  const close = () => {
    for (const socket of sockets.values()) socket.disconnect()
  }
  return { answers, orders, received, reconnected, latencies, retries, lowestStock, seconds, faults, close }
}

export interface RunCheck {
  /** 2xx answers with no row behind them, orders left unpaid, notifications missing or undelivered, events a listening socket never got */
  lost: string[]
  /** an order, payment, notification or socket event more than once, or an order no shopper was answered */
  doubled: string[]
  /** real-time deliveries claimed again after their lease (a server killed while sending them) */
  redelivered: number
}

/**
 * What a run left in the database, against what the shoppers were answered and heard, once every
 * payment and notification has settled (`settle` waits for that, up to `timeoutMs`).
 */
export async function checkRun(cluster: Cluster, run: ClusterRun, timeoutMs = 60_000): Promise<RunCheck> {
  const db = new pg.Client({ connectionString: cluster.database.url })
  await db.connect()
  try {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const { rows } = await db.query<{ paid: number; pending: number }>(
        `select (select count(*) from payments where status = 'SUCCESSED')::int as paid, (select count(*) from notification_deliveries where done_at is null)::int as pending`,
      )
      if ((rows[0]!.paid >= run.orders.length && rows[0]!.pending === 0 && cluster.shops.every((s) => s.up)) || Date.now() > deadline) break
      await pause(250)
    }
    const lost: string[] = []
    const doubled: string[] = []
    const orders = (await db.query<{ id: number; no: string; user_id: number }>('select id, no, user_id from orders')).rows
    const byNo = new Map(orders.map((o) => [o.no, o]))
    const answered = new Map<string, Set<string>>()
    for (const a of run.answers) {
      if (a.status !== 201) continue
      if (byNo.get(a.order!)?.user_id !== a.member) lost.push(`answer ${a.order} for member ${a.member} has no order row`)
      answered.set(a.key, (answered.get(a.key) ?? new Set()).add(a.order!))
    }
    for (const [key, nos] of answered) if (nos.size > 1) doubled.push(`key ${key} answered ${[...nos].join(', ')}`)
    const told = new Set(run.answers.filter((a) => a.status === 201).map((a) => a.order))
    for (const o of orders) if (!told.has(o.no)) doubled.push(`order ${o.no} placed but never answered`)
    const payments = (await db.query<{ order_id: number; paid: number }>(`select order_id, count(*) filter (where status = 'SUCCESSED')::int as paid from payments group by order_id`)).rows
    const paidOf = new Map(payments.map((p) => [p.order_id, p.paid]))
    for (const o of orders) {
      const paid = paidOf.get(o.id) ?? 0
      if (paid === 0) lost.push(`order ${o.no} not paid`)
      if (paid > 1) doubled.push(`order ${o.no} paid ${paid} times`)
    }
    const notes = (await db.query<{ id: number; user_id: number; order_no: string }>(`select id, user_id, payload->>'order_no' as order_no from notifications where type = 'order_paid'`)).rows
    const notesOf = new Map<string, number>()
    for (const n of notes) notesOf.set(n.order_no, (notesOf.get(n.order_no) ?? 0) + 1)
    for (const o of orders) {
      const count = notesOf.get(o.no) ?? 0
      if (count === 0) lost.push(`order ${o.no}: no order_paid notification`)
      if (count > 1) doubled.push(`order ${o.no}: ${count} order_paid notifications`)
    }
    const pending = (await db.query<{ n: number }>('select count(*)::int as n from notification_deliveries where done_at is null')).rows[0]!.n
    if (pending > 0) lost.push(`${pending} notification deliveries never done`)
    const twice = new Set(
      (await db.query<{ notification_id: number }>(`select notification_id from notification_deliveries where channel = 'realtime' and attempts > 1`)).rows.map((r) => r.notification_id),
    )
    for (const n of notes) {
      if (run.reconnected.includes(n.user_id)) continue
      const times = (run.received.get(n.user_id) ?? []).filter((id) => id === n.id).length
      if (times === 0) lost.push(`notification ${n.id} never reached member ${n.user_id}'s socket`)
      if (times > 1 && !twice.has(n.id)) doubled.push(`notification ${n.id} reached member ${n.user_id}'s socket ${times} times`)
    }
    return { lost, doubled, redelivered: twice.size }
  } finally {
    await db.end()
  }
}
