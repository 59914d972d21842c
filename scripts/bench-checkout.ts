/**
 * `npm run bench:checkout`: checkouts per second and their latency (p50, p99) on PGlite and (when
 * it answers) on Postgres. Each checkout is the whole `POST /ec-order`: key claim, quote, stock
 * reservation, order rows and the PaymentIntent created in the embedded Stripe sandbox (on the
 * same process, through the stripe SDK over HTTP, its journal synced to disk). Members check out
 * concurrently with fresh Idempotency-Keys against products with ample stock; load goes to
 * 127.0.0.1 only. Each member (verified through its sign-up mail, decision 61) keeps placing orders without paying, so the shop runs with MAX_UNPAID_ORDERS
 * raised above what a run reaches (the cap is still counted under the member's lock at every checkout).
 * The same load runs BENCH_WARMUP_SECONDS first, unmeasured: a server that runs for days is
 * measured in its steady state, not while its code is still being compiled (in the first second
 * of a cold start single checkouts take up to a second, which would be most of a 10-second p99).
 * Options: BENCH_SECONDS (default 10), BENCH_WARMUP_SECONDS (default 3), BENCH_CONNECTIONS (default 20),
 * BENCH_DATABASES (default pglite,postgres).
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { CatalogueFile } from '../contract/catalogue-file'
import { openDatabase } from '../server/db/client'
import { variants } from '../server/db/schema'
import { importCatalogue } from '../server/flows/catalogue-import/import'
import { localPostgresUrl, tryPostgresDatabase } from './lib/postgres'
import { startShopProcess } from './lib/shop-process'
import { verifyByMail } from './lib/verify-by-mail'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20)
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',')
const postgresUrl = localPostgresUrl()

const text = (en: string) => ({ zh_tw: en, en, ja: en })
const catalogue: CatalogueFile = {
  categories: [{ slug: 'bench', name: text('Bench'), position: 1 }],
  cities: [{ slug: 'osaka', name: text('Osaka'), prefecture: text('Osaka'), picture: '/images/cities/osaka.svg', is_hot: true, position: 1 }],
  trend_groups: [],
  products: Array.from({ length: 20 }, (_, i) => ({
    sku: `BENCH-${i}`,
    name: text(`Bench snack ${i}`),
    description: text('For measuring checkouts'),
    categories: ['bench'],
    city: 'osaka',
    trend_group: null,
    status: 'ACTIVE' as const,
    stock_type: 'OFF_SHELF' as const,
    expiry_date: '2030-01-01',
    arrival_days: 5,
    size: { length: 10, width: 10, height: 5, weight: 200 },
    rank: i,
    images: ['/images/products/bench.svg'],
    variants: [{ sku: `BENCH-${i}-A`, label: text('1 box'), price: 200 + i * 10, stock_left: 1_000_000 }],
  })),
}

const recipient = { name: '王小明', phone: '0912345678', zip_code: '106', county: '台北市', district: '大安區', address: '復興南路一段 390 號' }
const invoice = { mode: 'personal', carrier_type: 'none', email: 'bench@example.tw', name: '王小明' }

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere. */
async function cpuSeconds(pid: number | undefined) {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return undefined
  }
}

/** CPU seconds (user + system) used so far by each thread of a process, by thread id (Linux). */
async function threadCpuSeconds(pid: number | undefined) {
  const threads = new Map<string, number>()
  for (const tid of await readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
    const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => '')
    if (!stat) continue
    const fields = stat.split(') ')[1]!.split(' ')
    threads.set(tid, (Number(fields[11]) + Number(fields[12])) / 100)
  }
  return threads
}

/** CPU seconds used so far by every process of this machine named `postgres` (the server and its backends), readable from /proc. */
async function postgresCpuSeconds() {
  let total = 0
  let found = false
  for (const pid of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(pid)) continue
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
    if (!stat.includes('(postgres)')) continue
    const fields = stat.split(') ')[1]!.split(' ')
    total += (Number(fields[11]) + Number(fields[12])) / 100
    found = true
  }
  return found ? total : undefined
}

/** CPU ms per checkout between two readings */
const perCheckout = (before: number | undefined, after: number | undefined, n: number) => (before !== undefined && after !== undefined && n ? ((after - before) * 1000) / n : undefined)

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

async function bench(label: string, env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-checkout-'))
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir })
  await importCatalogue(database.db, catalogue)
  const lines = (await database.db.select().from(variants)).map((v) => ({ product_id: v.product_id, variant_id: v.id }))
  await database.close()
  const shop = await startShopProcess({ ...env, DATA_DIR: dataDir, SEED_CATALOGUE: 'false', AUTH_RATE_LIMIT: '99999', MAX_UNPAID_ORDERS: '999', LOG_LEVEL: 'error' })
  try {
    const post = (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(shop.url + pathname, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
    const tokens: string[] = []
    for (let i = 0; i < connections; i++) {
      const email = `bench${i}-${randomBytes(3).toString('hex')}@example.tw`
      const password = 'matcha-2026'
      await post('/api/v1/register', { first_name: '明', last_name: '王', email, phone_number: '0912345678', password, password_confirmation: password, birthday: '1990-01-01' })
      await verifyByMail(shop.url, dataDir, email)
      tokens.push((await (await post('/api/v1/login', { email, password })).json()).data.token)
    }
    let n = 0
    /** every member places orders one after another until `until`; answers the latencies of those that succeeded */
    const drive = async (until: number) => {
      const latencies: number[] = []
      let errors = 0
      await Promise.all(
        tokens.map(async (token, c) => {
          while (performance.now() < until) {
            const i = n++
            const order = { lines: [{ ...lines[i % lines.length]!, quantity: 1 + (i % 3) }, { ...lines[(i + 7) % lines.length]!, quantity: 1 }], recipient, invoice }
            const t0 = performance.now()
            const res = await post('/api/v1/ec-order', order, { authorization: `Bearer ${token}`, 'idempotency-key': `bench-${c}-${i}` })
            await res.arrayBuffer()
            if (res.status === 201) latencies.push(performance.now() - t0)
            else errors++
          }
        }),
      )
      return { latencies, errors }
    }
    if (warmupSeconds > 0) await drive(performance.now() + warmupSeconds * 1000)
    const started = performance.now()
    const cpuBefore = await cpuSeconds(shop.child.pid)
    const threadsBefore = await threadCpuSeconds(shop.child.pid)
    const dbBefore = env.DATABASE_URL ? await postgresCpuSeconds() : undefined
    const loadBefore = process.cpuUsage()
    const { latencies, errors } = await drive(started + seconds * 1000)
    const elapsed = (performance.now() - started) / 1000
    const load = process.cpuUsage(loadBefore)
    const cpuAfter = await cpuSeconds(shop.child.pid)
    const threadsAfter = await threadCpuSeconds(shop.child.pid)
    const dbAfter = env.DATABASE_URL ? await postgresCpuSeconds() : undefined
    const done = latencies.length
    latencies.sort((a, b) => a - b)
    return {
      label,
      checkouts: done,
      perSecond: done / elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? 0,
      errors,
      cpuMs: perCheckout(cpuBefore, cpuAfter, done),
      // the two busiest threads of the shop: its event loop and, on PGlite, the database's thread
      busiestMs: [...threadsAfter]
        .map(([tid, after]) => perCheckout(threadsBefore.get(tid) ?? 0, after, done) ?? 0)
        .sort((a, b) => b - a)
        .slice(0, 2),
      dbCpuMs: perCheckout(dbBefore, dbAfter, done),
      loadCpuMs: done ? (load.user + load.system) / 1000 / done : undefined,
    }
  } finally {
    await shop.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

console.log(`POST /ec-order: ${connections} members checking out at once, ${seconds} s measured per database after ${warmupSeconds} s of warm-up, ${os.cpus().length} cores, Node ${process.version}`)
const rows = databases.includes('pglite') ? [await bench('pglite', {})] : []
const database = databases.includes('postgres') ? await tryPostgresDatabase(postgresUrl.toString(), 'shop_bench') : undefined
if (database) {
  try {
    rows.push(await bench('postgres', { DATABASE_URL: database.url }))
  } finally {
    await database.drop()
  }
}
console.log('')
console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)
// CPU per checkout, by process: the shop (with PGlite inside it), the Postgres server, and this load generator;
// their sum against the cores shows the ceiling of this machine
const ms = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(1))
console.log('database   checkouts   checkouts/s   p50 ms   p99 ms   max ms   errors   CPU ms per checkout: shop (busiest threads)   database   load   ceiling/s')
for (const r of rows) {
  const total = (r.cpuMs ?? 0) + (r.dbCpuMs ?? 0) + (r.loadCpuMs ?? 0)
  const ceiling = total > 0 ? (os.cpus().length * 1000) / total : undefined
  console.log(
    `${r.label.padEnd(10)} ${String(r.checkouts).padStart(9)}   ${r.perSecond.toFixed(1).padStart(11)}   ${r.p50.toFixed(1).padStart(6)}   ${r.p99.toFixed(1).padStart(6)}   ${r.max.toFixed(0).padStart(6)}   ${String(r.errors).padStart(6)}   ${`${ms(r.cpuMs)} (${r.busiestMs.map(ms).join(', ')})`.padStart(39)}   ${ms(r.dbCpuMs).padStart(8)}   ${ms(r.loadCpuMs).padStart(4)}   ${(ceiling?.toFixed(0) ?? '-').padStart(9)}`,
  )
}
console.log(`ceiling/s: checkouts per second if every core did nothing else (${os.cpus().length} cores × 1,000 ms ÷ the three CPU figures summed)`)
if (!database && databases.includes('postgres')) console.log(`postgres   not measured: ${postgresUrl.host} does not answer`)
