/**
 * `npm run bench:api`: requests per second and latency of the catalogue's two hottest reads,
 * product list and product detail, on PGlite and (when it answers) on Postgres, with the
 * in-memory catalogue cache as shipped and with it off (what a cache miss costs). Load goes to
 * 127.0.0.1 only, for a bounded time. Options: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (50).
 */
import autocannon from 'autocannon'
import os from 'node:os'
import { localPostgresUrl, tryPostgresDatabase } from './lib/postgres'
import { startShopProcess } from './lib/shop-process'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const postgresUrl = localPostgresUrl()

async function measure(url: string) {
  const result = await autocannon({ url, connections, duration: seconds, headers: { 'x-localization': 'zh_tw' } })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 }
}

async function benchOne(label: string, env: Record<string, string>) {
  await benchMode(`${label} cached`, env)
  await benchMode(`${label} uncached`, { ...env, CATALOGUE_CACHE_SECONDS: '0' })
}

async function benchMode(label: string, env: Record<string, string>) {
  // the load generator is one address: BENCH_CONNECTIONS may be over the shop's per-address cap (decision 60)
  const shop = await startShopProcess({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0', ...env })
  try {
    const list = await (await fetch(`${shop.url}/api/v1/product?per_page=18`)).json()
    const id = list.data[0].id
    const rows = [
      { endpoint: 'GET /product?per_page=18', ...(await measure(`${shop.url}/api/v1/product?per_page=18`)) },
      { endpoint: `GET /product/${id}`, ...(await measure(`${shop.url}/api/v1/product/${id}`)) },
    ]
    for (const r of rows) console.log(`${label.padEnd(18)} ${r.endpoint.padEnd(26)} ${String(r.rps).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms`)
  } finally {
    await shop.stop()
  }
}

console.log(`autocannon: ${connections} connections, ${seconds} s per endpoint, ${os.cpus().length} cores, Node ${process.version}`)
await benchOne('pglite', {})
const database = await tryPostgresDatabase(postgresUrl.toString(), 'shop_bench')
if (database) {
  try {
    await benchOne('postgres', { DATABASE_URL: database.url })
  } finally {
    await database.drop()
  }
} else console.log(`postgres  not measured: ${postgresUrl.host} does not answer`)
