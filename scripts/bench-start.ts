/**
 * `npm run bench:start`: how soon a started shop takes traffic, from source through tsx and compiled
 * (dist-api/, what `npm start` runs; built first when older than the sources), on a fresh DATA_DIR
 * (created, migrated and seeded) and restarted on the same one, PGlite, with the seed catalogue.
 *
 * Each run spawns `node …` and polls every 25 ms, measuring from the spawn:
 *   listening  the first HTTP answer (health 503 `starting` counts)
 *   api        GET /api/v1/product?per_page=1 answers 200
 *   health     GET /api/v1/health answers 200 (the search index is built: decision 47)
 *   search     the PWA's search (GET /api/v1/config, then the Algolia POST /1/indexes/＊/queries
 *              it names) answers 200 with hits
 * with, from the shop's log, `startMs` (main() to listening: opening the database, migrations,
 * seeding check, keys, loading the rest of the code, the app) and the search index's build
 * (`search index rebuilt` ms), and the process's RSS and CPU time (user + system, all threads) once
 * search answers: on a busy machine the CPU time, unlike the clock, hardly depends on the
 * neighbours. Modes take turns, run after run, so a busy neighbour slows all alike; each figure is
 * the median of BENCH_RUNS runs (default 5), with min and max beside it.
 *
 * Options: BENCH_RUNS; BENCH_MODES (default "tsx,compiled"); BENCH_PRODUCTS=20000 adds restarts
 * with that many products (generated from the seed catalogue, imported with catalogue:import);
 * BENCH_BASELINE=<another checkout, built, with node_modules> adds its server from source through
 * tsx as mode `baseline`, to compare with an earlier commit in the same run.
 */
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './lib/shop-process'
import { compiledIsFresh, shopNodeArgs, type ServerBuild } from './lib/server-command'

type Mode = 'tsx' | 'compiled' | 'baseline'
const runs = Number(process.env.BENCH_RUNS ?? 5)
const baseline = process.env.BENCH_BASELINE
const modes = [...(process.env.BENCH_MODES ?? 'tsx,compiled').split(',').map((m) => m.trim()), ...(baseline ? ['baseline'] : [])] as Mode[]
const products = Number(process.env.BENCH_PRODUCTS ?? 0)
for (const mode of modes) if (mode !== 'tsx' && mode !== 'compiled' && mode !== 'baseline') throw new Error(`BENCH_MODES: unknown mode ${mode}`)
const buildOf: Record<Mode, ServerBuild> = { tsx: 'source', compiled: 'compiled', baseline: 'source' }

interface Run {
  listening: number
  api: number
  health: number
  search: number
  startMs: number
  indexMs: number
  rssMb: number
  cpuS: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `probe` every 25 ms until it returns true; the time since `t0` when it did. */
async function until(t0: number, probe: () => Promise<boolean>, alive: () => boolean): Promise<number> {
  for (;;) {
    if (!alive()) throw new Error('the shop exited before answering')
    try {
      if (await probe()) return performance.now() - t0
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 180_000) throw new Error('no answer within 180 s')
    await sleep(25)
  }
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100
/** CPU time the process (all its threads) has used: user + system, from /proc/<pid>/stat */
const cpuSeconds = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
}

async function startOnce(mode: Mode, dataDir: string): Promise<Run> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const t0 = performance.now()
  const child = spawn(process.execPath, shopNodeArgs(buildOf[mode]), {
    cwd: mode === 'baseline' ? baseline : undefined,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let log = ''
  child.stderr.on('data', (chunk) => (log += chunk))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const alive = () => child.exitCode === null && child.signalCode === null
  try {
    const listening = until(t0, async () => ((await fetch(`${url}/api/v1/health`)).status > 0), alive)
    const api = until(t0, async () => (await fetch(`${url}/api/v1/product?per_page=1`)).ok, alive)
    const health = until(t0, async () => (await fetch(`${url}/api/v1/health`)).ok, alive)
    const search = until(
      t0,
      async () => {
        const { data } = (await (await fetch(`${url}/api/v1/config`)).json()) as { data: { search: { app_id: string; search_key: string; hosts: string[]; protocol: string; index: string } } }
        const { app_id, search_key, hosts, protocol, index } = data.search
        const answer = await fetch(`${protocol}://${hosts[0]}/1/indexes/*/queries`, {
          method: 'POST',
          headers: { 'x-algolia-application-id': app_id, 'x-algolia-api-key': search_key, 'content-type': 'application/json' },
          body: JSON.stringify({ requests: [{ indexName: index, query: '抹茶', hitsPerPage: 5 }] }),
        })
        return answer.ok && ((await answer.json()) as { results: { nbHits: number }[] }).results[0]!.nbHits > 0
      },
      alive,
    )
    const times = { listening: await listening, api: await api, health: await health, search: await search }
    const rss = rssMb(child.pid!)
    const cpu = cpuSeconds(child.pid!)
    const lines = log.split('\n').flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as Record<string, unknown>] : []))
    const startMs = Number(lines.find((l) => typeof l.startMs === 'number')?.startMs ?? NaN)
    const indexMs = Number(lines.find((l) => l.message === 'search index rebuilt')?.ms ?? NaN)
    return { ...times, startMs, indexMs, rssMb: rss, cpuS: cpu }
  } catch (error) {
    process.stderr.write(log)
    throw error
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

/** A catalogue file of `count` products: the seed's, repeated under new SKUs. */
async function bigCatalogue(count: number, file: string) {
  const seed = JSON.parse(readFileSync('server/db/seed/catalogue.json', 'utf8')) as { products: { sku: string; name: Record<string, string>; variants: { sku: string }[] }[] }
  const made = Array.from({ length: count }, (_, i) => {
    const base = seed.products[i % seed.products.length]!
    const round = Math.floor(i / seed.products.length)
    if (round === 0) return base
    return {
      ...base,
      sku: `${base.sku}-R${round}`,
      name: Object.fromEntries(Object.entries(base.name).map(([k, v]) => [k, `${v} ${round}`])),
      variants: base.variants.map((variant) => ({ ...variant, sku: `${variant.sku}-R${round}` })),
    }
  })
  await writeFile(file, JSON.stringify({ ...seed, products: made }))
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const cell = (values: number[], unit = 's') => {
  const fmt = (v: number) => (unit === 's' ? (v / 1000).toFixed(2) : v.toFixed(0))
  return `${fmt(median(values))} (${fmt(Math.min(...values))}–${fmt(Math.max(...values))})`
}

async function main() {
  if (modes.includes('compiled') && !compiledIsFresh()) {
    process.stdout.write('building the server (npm run build:api) …\n')
    const built = spawnSync('npm', ['run', '--silent', 'build:api'], { stdio: 'inherit' })
    if (built.status !== 0) throw new Error('npm run build:api failed')
  }
  const results = new Map<string, Run[]>()
  const add = (key: string, run: Run) => results.set(key, [...(results.get(key) ?? []), run])
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'bench-start-'))
  try {
    for (let i = 1; i <= runs; i++) {
      for (const mode of modes) {
        const dataDir = path.join(scratch, `${mode}-${i}`)
        add(`${mode} fresh`, await startOnce(mode, dataDir))
        add(`${mode} restart`, await startOnce(mode, dataDir))
        await rm(dataDir, { recursive: true, force: true })
        process.stdout.write(`run ${i}/${runs} ${mode}: done\n`)
      }
    }
    if (products > 0) {
      // one data folder with `products` products, restarted BENCH_RUNS times in each mode
      const dataDir = path.join(scratch, 'big')
      await startOnce(modes[0]!, dataDir)
      const file = path.join(scratch, 'catalogue.json')
      await bigCatalogue(products, file)
      const imported = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalogue-import.ts', file], { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'inherit' })
      if (imported.status !== 0) throw new Error('catalogue:import failed')
      for (let i = 1; i <= runs; i++) for (const mode of modes) add(`${mode} restart, ${products} products`, await startOnce(mode, dataDir))
    }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }

  const load = os.loadavg().map((l) => l.toFixed(2)).join(' ')
  process.stdout.write(`\nbench:start — median (min–max) of ${runs} runs, seconds from spawn; Node ${process.version}, ${os.availableParallelism()} cores, load ${load}\n`)
  const header = ['', 'listening', 'api 200', 'health 200', 'search', 'startMs (log)', 'index build (log)', 'CPU s', 'RSS MB']
  const rows = [...results].map(([key, list]) => [
    key,
    cell(list.map((r) => r.listening)),
    cell(list.map((r) => r.api)),
    cell(list.map((r) => r.health)),
    cell(list.map((r) => r.search)),
    cell(list.map((r) => r.startMs)),
    cell(list.map((r) => r.indexMs)),
    cell(list.map((r) => r.cpuS * 1000)),
    cell(list.map((r) => r.rssMb), 'MB'),
  ])
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)))
  for (const row of [header, ...rows]) process.stdout.write(`${row.map((v, c) => (c === 0 ? v.padEnd(widths[c]!) : v.padStart(widths[c]!))).join('  ')}\n`)
  process.stdout.write(
    '\nstartMs: main() to listening (database opened and migrated, seed checked, keys, the rest of the code loaded, app built); listening minus startMs: Node, the loader and the first modules.\n' +
      'index build: the embedded search index built after listening; health 200 and search wait for it.\n' +
      'CPU s: CPU time of the shop (all threads) when search answered: what a busy machine cannot hide. RSS: the same moment.\n',
  )
}

await main()
