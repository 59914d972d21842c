/** Something waiting to be sent, and when it may be tried next. */
export interface Pending {
  id: string
  attempts: number
  /** epoch ms of the next attempt */
  next_attempt_at: number
}

export interface DeliveryLoopOptions<T extends Pending> {
  /** what is waiting now (in the order it should go) */
  pending(): Iterable<T>
  /** one attempt: it records its own outcome (done, or tried again later) */
  attempt(item: T): Promise<void>
  /** at most this many attempts at once */
  maxInFlight?: number
}

/** Exponential backoff from one second, at most a minute apart. */
export const retryDelayMs = (attempts: number) => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 60_000)

/**
 * Sends what an emulator owes the shop (Stripe's webhooks, ECPay's status reports) as the real
 * service does: whatever is due, a few at a time, again after a failure with backoff, until it
 * is done. The queue lives in the emulator's journal, so what was due before a crash goes after
 * the restart.
 */
export class DeliveryLoop<T extends Pending> {
  private timer?: NodeJS.Timeout
  private readonly inFlight = new Map<string, Promise<void>>()
  private stopped = true

  constructor(private readonly options: DeliveryLoopOptions<T>) {}

  start() {
    if (!this.stopped) return
    this.stopped = false
    this.schedule(0)
  }

  async stop() {
    this.stopped = true
    clearTimeout(this.timer)
    await Promise.all(this.inFlight.values())
  }

  /** Looks at the queue now rather than at the next tick: called when something was just queued. */
  nudge() {
    if (!this.stopped) this.schedule(0)
  }

  /** Waits until nothing is pending or in flight (tests and the operators' commands use it). */
  async idle(timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs
    while (this.inFlight.size > 0 || [...this.options.pending()].length > 0) {
      if (Date.now() > deadline) throw new Error(`deliveries still pending after ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  private schedule(ms: number) {
    clearTimeout(this.timer)
    if (this.stopped) return
    this.timer = setTimeout(() => this.tick(), ms)
    this.timer.unref()
  }

  private tick() {
    const now = Date.now()
    let next = 250
    for (const item of this.options.pending()) {
      if (this.inFlight.size >= (this.options.maxInFlight ?? 8)) break
      if (this.inFlight.has(item.id)) continue
      if (item.next_attempt_at > now) {
        next = Math.min(next, item.next_attempt_at - now)
        continue
      }
      const attempt = this.options.attempt(item).finally(() => {
        this.inFlight.delete(item.id)
        this.schedule(0)
      })
      this.inFlight.set(item.id, attempt)
    }
    this.schedule(Math.max(next, 10))
  }
}
