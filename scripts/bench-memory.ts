/**
 * `npm run bench:memory`: how much memory the shop takes, as a machine's operator sees it (the
 * resident set of the shop's process and of any process it started), on PGlite and, when the local
 * Postgres answers, on Postgres:
 *
 *   first start   peak while a fresh DATA_DIR is created, migrated and seeded, and once settled
 *   restart       idle, a few seconds after a restart on the same data (health 200, search answering)
 *   requests      after each of 10 rounds of the same 1,000 mixed requests (pages in three
 *                 languages, the catalogue API, searches, pictures, health), 8 at a time: the
 *                 growth from the first round to the last
 *   20,000        the import of 20,000 products (its own process, the server stopped: an embedded
 *                 database has one user), then the restart on them: ready time, idle, after a round
 *
 * Targets (issue 25): ≤ 250 MB idle after a restart, ≤ 400 MB peak during the first start's
 * seeding, no growth across the 10 rounds. The shop runs as `npm start` runs it: the compiled
 * server when `npm run build` built it (scripts/lib/server-command.ts).
 *
 * Options: BENCH_ROUNDS (10), BENCH_REQUESTS (1000), BENCH_PRODUCTS (20000), BENCH_DATABASES
 * (pglite,postgres).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { PACK_NAMES } from './lib/pack-names'
import { localPostgresUrl, tryPostgresDatabase, type ScratchDatabase } from './lib/postgres'
import { chosenBuild, shopNodeArgs } from './lib/server-command'
import { freePort } from './lib/shop-process'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000)
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000)
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',')

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`

/** a process and every process below it */
function tree(pid: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
    } catch {
      // ended meanwhile
    }
  }
  const out: number[] = []
  const visit = (p: number) => {
    out.push(p)
    for (const c of children.get(p) ?? []) visit(c)
  }
  visit(pid)
  return out
}

/** resident set of the process tree, in kB */
function rss(pid: number): number {
  let total = 0
  for (const p of tree(pid)) {
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0)
    } catch {
      // ended meanwhile
    }
  }
  return total
}

/** Samples a process tree's RSS every 50 ms: its peak so far. */
function sampler(pid: number) {
  let peak = 0
  const timer = setInterval(() => (peak = Math.max(peak, rss(pid))), 50)
  return {
    get peak() {
      return Math.max(peak, rss(pid))
    },
    stop: () => clearInterval(timer),
  }
}

interface Shop {
  url: string
  child: ChildProcess
  /** ms from spawn until health 200 and a search answering */
  readyMs: number
  stop(): Promise<void>
}

async function searchAnswers(url: string) {
  const { data } = (await (await fetch(`${url}/api/v1/config`)).json()) as { data: { search: { app_id: string; search_key: string; hosts: string[]; protocol: string; index: string } } }
  const { app_id, search_key, hosts, protocol, index } = data.search
  return (query: string) =>
    fetch(`${protocol}://${hosts[0]}/1/indexes/*/queries`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': app_id, 'x-algolia-api-key': search_key, 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ indexName: index, query, hitsPerPage: 18 }] }),
    })
}

async function startShop(env: Record<string, string>, onSpawn?: (pid: number) => void): Promise<Shop> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, shopNodeArgs(), {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  onSpawn?.(child.pid!)
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 300_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode} before answering`)
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) {
        const search = await searchAnswers(url)
        const answer = await search('抹茶')
        if (answer.ok && ((await answer.json()) as { results: { nbHits: number }[] }).results[0]!.nbHits > 0) break
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the shop was not ready within 300 s')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  const readyMs = performance.now() - started
  return {
    url,
    child,
    readyMs,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** The same 1,000 requests every round: what shoppers ask of a shop, in three languages. */
async function requestPlan(url: string) {
  const catalogue = (await (await fetch(`${url}/api/v1/product?per_page=40`)).json()) as { data: { id: number; images?: string[] }[] }
  const ids = catalogue.data.map((p) => p.id)
  const prefixes = ['', '/en', '/ja']
  const searchWords = ['抹茶', 'まっちゃ', 'matcha', '大阪', 'ramen', 'チョコ', '巧克力', 'kit kat', '北海道', 'tea']
  const plan: (() => Promise<Response>)[] = []
  const search = await searchAnswers(url)
  for (let i = 0; plan.length < REQUESTS; i++) {
    const prefix = prefixes[i % 3]!
    const id = ids[i % ids.length]!
    const kinds = [
      () => fetch(`${url}${prefix}/`),
      () => fetch(`${url}${prefix}/product/detail/${id}`),
      () => fetch(`${url}${prefix}/product/list?category_id=1`),
      () => fetch(`${url}/api/v1/product/${id}`),
      () => fetch(`${url}/api/v1/product?per_page=20&page=${(i % 5) + 1}`),
      () => search(searchWords[i % searchWords.length]!),
      () => fetch(`${url}/api/v1/health`),
      () => fetch(`${url}/api/v1/config`),
    ]
    plan.push(kinds[i % kinds.length]!)
  }
  return plan
}

async function runPlan(plan: (() => Promise<Response>)[]) {
  let next = 0
  let failed = 0
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < plan.length) {
        const response = await plan[next++]!()
        await response.arrayBuffer()
        if (response.status >= 500) failed++
      }
    }),
  )
  return failed
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** the seed catalogue grown to `count` products: each seed product again under a city and a pack of its own */
function bigCatalogue(count: number) {
  const seed = JSON.parse(readFileSync('server/db/seed/catalogue.json', 'utf8'))
  const packs = PACK_NAMES
  const products = Array.from({ length: count }, (_, i) => {
    const base = seed.products[i % seed.products.length]
    const round = Math.floor(i / seed.products.length)
    if (round === 0) return base
    const city = seed.cities[round % seed.cities.length]
    const pack = packs[Math.floor(round / seed.cities.length) % packs.length]!
    const tag = `${round}`
    return {
      ...base,
      sku: `${base.sku}-X${tag}`.slice(0, 40),
      city: city.slug,
      name: { zh_tw: `${city.name.zh_tw}${pack.zh}${base.name.zh_tw} ${tag}`, en: `${city.name.en} ${pack.en} ${base.name.en} ${tag}`, ja: `${city.name.ja}${pack.ja}${base.name.ja} ${tag}` },
      variants: base.variants.map((variant: { sku: string }) => ({ ...variant, sku: `${variant.sku}-X${tag}`.slice(0, 40) })),
    }
  })
  return { ...seed, products }
}

async function importFile(file: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/catalogue-import.ts', file], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'inherit'] })
  const watch = sampler(child.pid!)
  const started = performance.now()
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  watch.stop()
  if (code !== 0) throw new Error(`the import exited with ${code}`)
  return { ms: performance.now() - started, peak: watch.peak }
}

const rows: string[][] = []
const row = (database: string, what: string, figure: string, note = '') => {
  rows.push([database, what, figure, note])
  process.stdout.write(`${database.padEnd(9)} ${what.padEnd(44)} ${figure.padStart(12)}  ${note}\n`)
}

async function bench(database: 'pglite' | 'postgres') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-memory-'))
  let scratch: ScratchDatabase | undefined
  const env: Record<string, string> = { DATA_DIR: dataDir }
  if (database === 'postgres') {
    scratch = await tryPostgresDatabase(localPostgresUrl().toString(), 'bench_memory')
    if (!scratch) {
      process.stdout.write(`postgres  does not answer at ${localPostgresUrl().host}: skipped\n`)
      await rm(dataDir, { recursive: true, force: true })
      return
    }
    env.DATABASE_URL = scratch.url
  }
  try {
    // first start: a fresh data folder (and database), migrated and seeded
    let watch: ReturnType<typeof sampler> | undefined
    let shop = await startShop(env, (pid) => (watch = sampler(pid)))
    await settle(5_000)
    watch!.stop()
    row(database, 'first start: peak while seeding', mb(watch!.peak), `ready in ${(shop.readyMs / 1000).toFixed(1)} s`)
    row(database, 'first start: settled (5 s after ready)', mb(rss(shop.child.pid!)))
    await shop.stop()

    // a restart on the same data
    shop = await startShop(env)
    await settle(3_000)
    row(database, 'restart: idle (3 s after ready)', mb(rss(shop.child.pid!)), `ready in ${(shop.readyMs / 1000).toFixed(2)} s`)

    const plan = await requestPlan(shop.url)
    const afterRounds: number[] = []
    for (let round = 1; round <= ROUNDS; round++) {
      const failed = await runPlan(plan)
      if (failed) throw new Error(`${failed} requests failed with 5xx in round ${round}`)
      afterRounds.push(rss(shop.child.pid!))
    }
    row(database, `after ${REQUESTS} mixed requests (round 1)`, mb(afterRounds[0]!))
    row(database, `after round ${ROUNDS}`, mb(afterRounds.at(-1)!), `rounds: ${afterRounds.map((kb) => (kb / 1024).toFixed(0)).join(' ')}`)
    const tail = afterRounds.slice(Math.floor(ROUNDS / 2))
    row(database, `growth, round 1 to ${ROUNDS} (second half: ${tail.length} rounds)`, mb(afterRounds.at(-1)! - afterRounds[0]!), `second half: ${mb(tail.at(-1)! - tail[0]!)}`)
    await shop.stop()

    // 20,000 products, imported with the server stopped, then a restart on them
    const file = path.join(dataDir, 'big-catalogue.json')
    await writeFile(file, JSON.stringify(bigCatalogue(PRODUCTS)))
    const imported = await importFile(file, env)
    row(database, `import of ${PRODUCTS} products (its own process)`, mb(imported.peak), `peak; ${(imported.ms / 1000).toFixed(1)} s`)
    watch = undefined
    shop = await startShop(env, (pid) => (watch = sampler(pid)))
    await settle(3_000)
    watch!.stop()
    row(database, `restart on ${PRODUCTS} products: idle`, mb(rss(shop.child.pid!)), `ready in ${(shop.readyMs / 1000).toFixed(2)} s; peak ${mb(watch!.peak)}`)
    const failed = await runPlan(await requestPlan(shop.url))
    if (failed) throw new Error(`${failed} requests failed with 5xx on ${PRODUCTS} products`)
    row(database, `after ${REQUESTS} mixed requests on ${PRODUCTS} products`, mb(rss(shop.child.pid!)))
    await shop.stop()
  } finally {
    await scratch?.drop().catch(() => undefined)
    await rm(dataDir, { recursive: true, force: true })
  }
}

process.stdout.write(`bench:memory — the shop's resident set (its processes together); ${chosenBuild()} server; load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores\n\n`)
for (const database of DATABASES) await bench(database as 'pglite' | 'postgres')
process.stdout.write(`\ntargets: ≤ 250 MB idle after a restart, ≤ 400 MB peak during the first start's seeding, no growth across ${ROUNDS} rounds\n`)
