import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { periodClaim } from '../../server/core/periods'
import * as schema from '../../server/db/schema'
import { Periodic } from '../../server/lib/periodic'
import { databaseTargets, freshDatabase } from './harness'

const targets = await databaseTargets()
const INTERVAL = 150

/**
 * Two servers run the same schedule on one database (decision 78). Each pass records the period
 * it ran in; with the period claim every period runs once, without it the two servers run it twice.
 */
describe.each(targets)('scheduled jobs on several servers, on $kind', (target) => {
  let database: Database
  beforeAll(async () => {
    database = await freshDatabase(target)
  })
  afterAll(() => database?.close())

  const runTwoServers = async (job: string, withClaim: boolean) => {
    const ran: { server: string; period: number }[] = []
    const server = (name: string) =>
      new Periodic(
        INTERVAL,
        async () => {
          ran.push({ server: name, period: Math.floor(Date.now() / INTERVAL) })
        },
        (error) => {
          throw error
        },
        withClaim ? { once: { job, claim: periodClaim(database.db, () => new Date(), name), now: () => new Date() } } : {},
      )
    // the two servers' timers fire a third of a period apart
    const a = server('a')
    a.start()
    await new Promise((resolve) => setTimeout(resolve, INTERVAL / 3))
    const b = server('b')
    b.start()
    await new Promise((resolve) => setTimeout(resolve, INTERVAL * 12))
    await Promise.all([a.stop(), b.stop()])
    return ran
  }

  it('runs each period of a job once however many servers run it, and records which server did', async () => {
    const ran = await runTwoServers('test-job', true)
    // each pass ran in a period of its own, as claimed (timed by the clock at the pass, a late one may look like the next period's)
    expect(ran.length).toBeGreaterThanOrEqual(4)
    const rows = await database.db.select().from(schema.scheduledRuns)
    const ofJob = rows.filter((r) => r.job === 'test-job')
    expect(ofJob).toHaveLength(ran.length)
    expect(new Set(ofJob.map((r) => r.period_start.getTime())).size).toBe(ran.length)
    expect(ofJob.every((r) => r.period_start.getTime() % INTERVAL === 0)).toBe(true)
    expect(ofJob.map((r) => r.server).sort()).toEqual(ran.map((r) => r.server).sort())
  })

  it('without the claim the same schedule runs twice a period (what the claim prevents)', async () => {
    const ran = await runTwoServers('unclaimed', false)
    const periods = ran.map((r) => r.period)
    expect(new Set(periods).size).toBeLessThan(periods.length)
  })
})
