/**
 * `npm run bench:cluster`: checkouts per second through the load balancer with one shop server and
 * with two on one Postgres database (decision 78), then two again with faults: `kill -9` of the
 * first just after it answered a webhook, its restart, and the database cut off for 1.5 s. The
 * cluster is scripts/lib/cluster.ts (one real-time server, one Stripe sandbox, the balancer); the
 * shoppers are scripts/lib/cluster-run.ts: each member checks out one box after another, every
 * order sent twice under its Idempotency-Key (the second time to the other server), paid at the
 * sandbox, whose webhooks reach every server, and listens on their private channel. Each run ends
 * with the check of what was lost and what doubled (0 and 0 is the promise).
 *
 * Checkouts/s counts orders placed (201) per second; p50/p99 are of the first of the two sends.
 * On this 2-core machine the shops, Postgres, the real-time server, the sandbox and this load
 * generator share the cores: a second server adds processes, not cores.
 * Options: BENCH_SECONDS (default 20), BENCH_SHOPPERS (default 40), BENCH_RUNS (default
 * one,two,faults). Needs Postgres (TEST_DATABASE_URL, else 127.0.0.1:5432/test).
 */
import os from 'node:os'
import { startCluster } from './lib/cluster'
import { checkRun, runShoppers, setUpShoppers } from './lib/cluster-run'
import { localPostgresUrl, tryPostgresDatabase } from './lib/postgres'

const seconds = Number(process.env.BENCH_SECONDS ?? 20)
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 40)
const runs = (process.env.BENCH_RUNS ?? 'one,two,faults').split(',')
const postgresUrl = localPostgresUrl().toString()

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

async function bench(label: string, servers: number, faults: boolean) {
  const cluster = await startCluster({
    postgresUrl,
    servers,
    duplicateWebhooks: true,
    env: { SEED_CATALOGUE: 'false', MAX_UNPAID_ORDERS: '999', LOG_LEVEL: 'error' },
  })
  try {
    const setup = await setUpShoppers(cluster, { shoppers, stock: 1_000_000, couponUses: 100 })
    const run = await runShoppers(cluster, setup, { faults, until: performance.now() + seconds * 1000, startWithinMs: 200, log: (line) => console.log(`  ${label}: ${line}`) })
    // a webhook refused during the faults comes again after the sandbox's backoff (up to a minute apart), as Stripe's does later still
    const check = await checkRun(cluster, run, 180_000)
    run.close()
    const latencies = [...run.latencies].sort((a, b) => a - b)
    for (const line of [...check.lost, ...check.doubled].slice(0, 10)) console.log(`  ${label}: ${line}`)
    return {
      label,
      servers,
      checkouts: run.orders.length,
      perSecond: run.orders.length / run.seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      retries: run.retries,
      served: Object.entries(cluster.balancer.served)
        .map(([name, n]) => `${name} ${n}`)
        .join(', '),
      lost: check.lost.length,
      doubled: check.doubled.length,
      redelivered: check.redelivered,
    }
  } finally {
    await cluster.stop()
  }
}

const probe = await tryPostgresDatabase(postgresUrl, 'shop_probe')
if (!probe) {
  console.log(`bench:cluster needs Postgres: ${new URL(postgresUrl).host} does not answer`)
  process.exit(1)
}
await probe.drop()
console.log(`${shoppers} members checking out for ${seconds} s per run, each order sent twice (the second to the other server), ${os.cpus().length} cores, Node ${process.version}`)
const rows = []
if (runs.includes('one')) rows.push(await bench('one server', 1, false))
if (runs.includes('two')) rows.push(await bench('two servers', 2, false))
if (runs.includes('faults')) rows.push(await bench('two, faults', 2, true))
console.log('')
console.log('run           checkouts   checkouts/s   p50 ms   p99 ms   retries   requests served      lost   doubled   sent again after a lease')
for (const r of rows) {
  console.log(
    `${r.label.padEnd(13)} ${String(r.checkouts).padStart(9)}   ${r.perSecond.toFixed(1).padStart(11)}   ${r.p50.toFixed(0).padStart(6)}   ${r.p99.toFixed(0).padStart(6)}   ${String(r.retries).padStart(7)}   ${r.served.padEnd(18)} ${String(r.lost).padStart(6)}   ${String(r.doubled).padStart(7)}   ${String(r.redelivered).padStart(7)}`,
  )
}
console.log('faults: kill -9 of server A just after it answered a webhook, A started again, the database cut off for 1.5 s')
if (rows.some((r) => r.lost || r.doubled)) process.exit(1)
