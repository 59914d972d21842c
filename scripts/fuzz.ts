/**
 * `npm run fuzz`: the OpenAPI walks of `npm test`, longer and from a new seed each time: the API on
 * PGlite, and on Postgres too when TEST_DATABASE_URL (or the local test database) answers, then the
 * embedded search engine (once: it keeps nothing in the database), then the embedded Pusher server's
 * WebSocket protocol (FUZZ_RUNS generated connections of frames). The pages' walk needs the
 * app's own build of its sources: `FUZZ_RUNS=… npx vitest run tests/ssr/page-fuzz.test.tsx`.
 *
 *   FUZZ_RUNS   generated requests per operation (default 300)
 *   FUZZ_SEED   repeat a walk: the seed a previous run printed
 */
import { databaseTargets } from '../tests/api/harness'
import { startFuzzShop } from '../tests/api/support/fuzz-shop'
import { startFuzzSearchEngine } from '../tests/api/support/fuzz-search'
import { describeFinding, walk } from '../tests/api/support/openapi-fuzz'
import { describeRealtimeFinding, startRealtimeFuzzTarget } from '../tests/api/support/realtime-fuzz'

const runs = Number(process.env.FUZZ_RUNS ?? 300)
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31)
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('FUZZ_RUNS must be a positive whole number and FUZZ_SEED a whole number')
  process.exit(2)
}

console.log(`fuzz: seed ${seed}, ${runs} generated requests per operation (repeat with FUZZ_SEED=${seed})`)
let failed = false
for (const target of await databaseTargets()) {
  const shop = await startFuzzShop(target)
  try {
    const doc = await shop.openapi()
    const started = performance.now()
    const result = await walk({
      doc,
      seed,
      runsPerOperation: runs,
      send: shop.send,
      token: shop.token,
      snapshot: shop.snapshot,
      lastFailure: shop.lastFailure,
      progress: (done) => {
        if (done % 1000 === 0) process.stdout.write(`  ${target.kind}: ${done} cases\n`)
      },
    })
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(`${target.kind}: ${result.cases} cases in ${seconds} s, ${result.serverErrors} answered 5xx ${JSON.stringify(result.serverErrorsByClass)}`)
    console.log(`  by status ${JSON.stringify(result.byStatus)}`)
    for (const finding of result.findings) console.log(`  ${describeFinding(finding)}`)
    if (result.findings.length > 0) failed = true
  } finally {
    await shop.close()
  }
}
const engine = await startFuzzSearchEngine()
try {
  const started = performance.now()
  const result = await walk({ doc: engine.doc, seed, runsPerOperation: runs, send: engine.send, token: engine.token, snapshot: engine.snapshot, lastFailure: engine.lastFailure, errorShape: engine.errorShape })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`search engine: ${result.cases} cases in ${seconds} s, ${result.serverErrors} answered 5xx ${JSON.stringify(result.serverErrorsByClass)}`)
  console.log(`  by status ${JSON.stringify(result.byStatus)}`)
  for (const finding of result.findings) console.log(`  ${describeFinding(finding)}`)
  if (result.findings.length > 0) failed = true
} finally {
  await engine.close()
}
// the embedded Pusher server's WebSocket protocol: FUZZ_RUNS generated connections of up to 8 frames each
const realtime = await startRealtimeFuzzTarget()
try {
  const started = performance.now()
  const result = await realtime.walk(seed, runs)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`real-time protocol: ${result.cases} connections, ${result.framesSent} frames, ${result.rawCases} broken framings in ${seconds} s, ${result.findings.length} failures`)
  console.log(`  replies ${JSON.stringify(result.replies)}, endings ${JSON.stringify(result.endings)}`)
  for (const finding of result.findings) console.log(`  ${describeRealtimeFinding(finding)}`)
  if (result.findings.length > 0) failed = true
} finally {
  await realtime.close()
}
console.log(failed ? `fuzz: findings above (FUZZ_SEED=${seed})` : 'fuzz: no 5xx, every refusal in the error shape, nothing written by a refusal; the real-time server answered every frame')
process.exit(failed ? 1 : 0)
