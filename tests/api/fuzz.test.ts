import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets } from './harness'
import { startFuzzShop } from './support/fuzz-shop'
import { startFuzzSearchEngine } from './support/fuzz-search'
import { describeFinding, operationsOf, walk, type WalkOptions } from './support/openapi-fuzz'

const targets = await databaseTargets()

/** The seed of the walk in `npm test`: fixed, so a failure repeats. `npm run fuzz` walks longer from a random one. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261121)
/** generated requests per operation here; ~50 operations on 2 cores stay within about a minute per database */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20)

describe.each(targets)('the API under generated input, walked from its OpenAPI document, on $kind', (target) => {
  let shop: Awaited<ReturnType<typeof startFuzzShop>>
  let doc: WalkOptions['doc']
  beforeAll(async () => {
    shop = await startFuzzShop(target)
    doc = await shop.openapi()
  })
  afterAll(() => shop?.close())

  it('walks every documented operation, signed in and not', () => {
    const operations = operationsOf(doc)
    expect(operations.length).toBeGreaterThanOrEqual(40)
    expect(operations.filter((o) => o.auth).length).toBeGreaterThanOrEqual(20)
    expect(operations.filter((o) => o.body).length).toBeGreaterThanOrEqual(15)
    expect(shop.tables).toEqual(expect.arrayContaining(['users', 'orders', 'cart_items', 'recipients', 'variants']))
  })

  it('never answers 5xx, always answers 4xx in the error shape, and writes nothing when it refuses', { timeout: 600_000 }, async () => {
    const started = performance.now()
    const result = await walk({ doc, seed: SEED, runsPerOperation: RUNS, send: shop.send, token: shop.token, snapshot: shop.snapshot, lastFailure: shop.lastFailure })
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    const accepted = Object.entries(result.byStatus).filter(([status]) => Number(status) < 400).reduce((sum, [, n]) => sum + n, 0)
    console.log(`[fuzz ${target.kind}] seed ${SEED}: ${result.cases} cases in ${seconds} s (requests ${(result.requestMs / 1000).toFixed(1)} s, snapshots ${(result.snapshotMs / 1000).toFixed(1)} s), ${result.serverErrors} answered 5xx ${JSON.stringify(result.serverErrorsByClass)}, ${accepted} accepted; by status ${JSON.stringify(result.byStatus)}`)
    expect(result.cases).toBeGreaterThan(operationsOf(doc).length * RUNS)
    // some generated requests get past validation (and past sign-in), or the walk tests only the validator
    expect(accepted).toBeGreaterThan(operationsOf(doc).length)
    expect(result.findings.map(describeFinding)).toEqual([])
  })
})

// The engine keeps nothing in the database (it only reads the catalogue to index it): one walk, not one per database.
describe('the embedded search engine under generated input, walked from its OpenAPI description', () => {
  let engine: Awaited<ReturnType<typeof startFuzzSearchEngine>>
  beforeAll(async () => {
    engine = await startFuzzSearchEngine()
  })
  afterAll(() => engine?.close())

  it('describes every route the engine answers', () => {
    const described = operationsOf(engine.doc).map((o) => `${o.method} ${o.path}`)
    expect([...described].sort()).toEqual([...new Set(engine.routes)].sort())
  })

  it('never answers 5xx, and answers every 4xx in Algolia’s error shape', { timeout: 120_000 }, async () => {
    const started = performance.now()
    const result = await walk({ doc: engine.doc, seed: SEED, runsPerOperation: RUNS * 5, send: engine.send, token: engine.token, snapshot: engine.snapshot, lastFailure: engine.lastFailure, errorShape: engine.errorShape })
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    const accepted = Object.entries(result.byStatus).filter(([status]) => Number(status) < 400).reduce((sum, [, n]) => sum + n, 0)
    console.log(`[fuzz search engine] seed ${SEED}: ${result.cases} cases in ${seconds} s, ${result.serverErrors} answered 5xx ${JSON.stringify(result.serverErrorsByClass)}, ${accepted} accepted; by status ${JSON.stringify(result.byStatus)}`)
    expect(result.cases).toBeGreaterThan(operationsOf(engine.doc).length * RUNS * 5)
    expect(accepted).toBeGreaterThan(operationsOf(engine.doc).length * 2)
    expect(result.findings.map(describeFinding)).toEqual([])
    expect(engine.failures).toEqual([])
  })
})
