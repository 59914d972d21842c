import type { Db } from '../../db/client'
import { oncePerPeriod } from '../../core/periods'
import type { Clock } from '../../lib/clock'
import type { Logger } from '../../lib/logger'
import { Periodic } from '../../lib/periodic'
import { pruneExpired, type Retention } from './prune'

const HOUR = 3_600_000

/**
 * Runs the prune beside the order sweeper: a minute after start, then hourly, once per hour
 * however many servers run it (decision 78). A failed pass is logged and tried again next time.
 */
export class Housekeeper {
  private readonly periodic: Periodic

  constructor(
    private readonly deps: { db: Db; clock: Clock; logger: Logger; retention: Retention },
    intervalMs = HOUR,
  ) {
    this.periodic = new Periodic(intervalMs, () => this.run(), () => undefined, {
      once: oncePerPeriod('housekeeping', deps),
      firstAfterMs: Math.min(60_000, intervalMs),
    })
  }

  start() {
    this.periodic.start()
  }

  stop() {
    return this.periodic.stop()
  }

  /** One pass; answers the rows deleted per table (empty when the pass failed). */
  async run(now = this.deps.clock()): Promise<Record<string, number>> {
    try {
      const deleted = await pruneExpired(this.deps.db, now, this.deps.retention)
      const total = Object.values(deleted).reduce((a, b) => a + b, 0)
      if (total > 0) this.deps.logger.info('housekeeping pruned expired records', deleted)
      return deleted
    } catch (error) {
      this.deps.logger.warn('housekeeping failed', { error: (error as Error).name })
      return {}
    }
  }
}
