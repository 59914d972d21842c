import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import type { Logger } from '../../lib/logger'
import { pruneExpired, type Retention } from './prune'

const HOUR = 3_600_000

/**
 * Runs the prune beside the order sweeper: once shortly after start, then hourly. Like the
 * sweeper it is safe on several servers, and a failed pass is logged and tried again next time.
 */
export class Housekeeper {
  private timer?: NodeJS.Timeout
  private first?: NodeJS.Timeout
  private running?: Promise<unknown>

  constructor(
    private readonly deps: { db: Db; clock: Clock; logger: Logger; retention: Retention },
    private readonly intervalMs = HOUR,
  ) {}

  start() {
    const tick = () => {
      this.running ??= this.run().finally(() => (this.running = undefined))
    }
    this.first ??= setTimeout(tick, 60_000)
    this.timer ??= setInterval(tick, this.intervalMs)
    this.first.unref()
    this.timer.unref()
  }

  async stop() {
    clearTimeout(this.first)
    clearInterval(this.timer)
    this.first = this.timer = undefined
    await this.running
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
