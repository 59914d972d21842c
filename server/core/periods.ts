import os from 'node:os'
import { scheduledRuns } from '../db/schema'
import type { DbOrTx } from '../db/client'
import type { Clock } from '../lib/clock'
import type { PeriodClaim } from '../lib/periodic'

/** This server among several: its host and process (what `scheduled_runs.server` records). */
export const SERVER_NAME = `${os.hostname()}:${process.pid}`

/**
 * A period of a scheduled job taken in the database every server shares (decision 78): the first
 * server to insert `(job, period_start)` gets it; the primary key refuses every other.
 */
export const periodClaim =
  (db: DbOrTx, clock: Clock, server = SERVER_NAME): PeriodClaim =>
  async (job, periodStart) => {
    const taken = await db
      .insert(scheduledRuns)
      .values({ job, period_start: periodStart, server, started_at: clock() })
      .onConflictDoNothing()
      .returning({ job: scheduledRuns.job })
    return taken.length === 1
  }

/** What a Periodic's `once` takes: the job's name, its claim on the shared database, and the clock its periods are read from. */
export const oncePerPeriod = (job: string, deps: { db: DbOrTx; clock: Clock }) => ({ job, claim: periodClaim(deps.db, deps.clock), now: deps.clock })
