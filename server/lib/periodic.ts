/**
 * Asked before each pass of a job run on several servers: true when this server is the first to
 * take the period beginning at `periodStart` (and so runs it), false when another server has.
 */
export type PeriodClaim = (job: string, periodStart: Date) => Promise<boolean>

/**
 * A background pass run every `intervalMs`, one at a time (a pass still running when the next is
 * due is not started twice), that never keeps the process alive; `stop` waits for the pass under way.
 * With `once`, the pass runs once per period of `intervalMs` (counted from the epoch) on however
 * many servers run it: each asks for the period first, and only the one that gets it runs the pass.
 */
export class Periodic {
  private timer?: NodeJS.Timeout
  private first?: NodeJS.Timeout
  private running?: Promise<unknown>

  constructor(
    private readonly intervalMs: number,
    private readonly pass: () => Promise<unknown>,
    private readonly onError: (error: Error) => void,
    private readonly options: { once?: { job: string; claim: PeriodClaim; now: () => Date }; firstAfterMs?: number } = {},
  ) {}

  start() {
    const tick = () => {
      this.running ??= this.claimed()
        .then((mine) => (mine ? this.pass() : undefined))
        .catch(this.onError)
        .finally(() => (this.running = undefined))
    }
    if (this.options.firstAfterMs !== undefined && !this.timer) {
      this.first = setTimeout(tick, this.options.firstAfterMs)
      this.first.unref()
    }
    this.timer ??= setInterval(tick, this.intervalMs)
    this.timer.unref()
  }

  async stop() {
    clearTimeout(this.first)
    clearInterval(this.timer)
    this.first = this.timer = undefined
    await this.running
  }

  private async claimed() {
    const once = this.options.once
    if (!once) return true
    const now = once.now().getTime()
    return once.claim(once.job, new Date(now - (now % this.intervalMs)))
  }
}
