import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeRealtimeFinding, FIXED_CASES, RAW_CASES, startRealtimeFuzzTarget } from './support/realtime-fuzz'

/** The seed of the walk in `npm test`: fixed, so a failure repeats. `npm run fuzz` walks longer from a random one. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261121)
/** generated connections; each sends up to 8 frames */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300)

describe('the embedded Pusher server under generated frames', () => {
  let target: Awaited<ReturnType<typeof startRealtimeFuzzTarget>>
  beforeAll(async () => {
    target = await startRealtimeFuzzTarget()
  })
  afterAll(() => target?.close())

  it('answers malformed, oversized and out-of-order frames with Pusher errors and close codes, and keeps serving a member elsewhere', { timeout: 300_000 }, async () => {
    const started = performance.now()
    const result = await target.walk(SEED, RUNS)
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(
      `[realtime fuzz] seed ${SEED}: ${result.cases} connections (${FIXED_CASES.length} fixed) sending ${result.framesSent} frames, ${result.rawCases} broken framings, in ${seconds} s; ` +
        `${result.findings.length} failures; replies ${JSON.stringify(result.replies)}; endings ${JSON.stringify(result.endings)}; member checked ${result.bystanderChecks} times`,
    )
    for (const finding of result.findings.slice(0, 20)) console.log(`  ${describeRealtimeFinding(finding)}`)
    expect(result.findings.map(describeRealtimeFinding)).toEqual([])
    expect(result.cases).toBe(FIXED_CASES.length + RUNS)
    expect(result.rawCases).toBe(RAW_CASES.length)
    // the walk reaches past validation: subscriptions succeed and errors are answered, not only closes
    expect(result.replies['pusher_internal:subscription_succeeded']).toBeGreaterThan(RUNS / 10)
    expect(result.replies['pusher:error']).toBeGreaterThan(RUNS / 4)
    expect(result.replies['pusher:subscription_error']).toBeGreaterThan(0)
  })
})
