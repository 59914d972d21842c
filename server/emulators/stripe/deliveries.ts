import { createHmac } from 'node:crypto'
import type { Logger } from '../../lib/logger'
import type { Delivery, SandboxStore } from './store'

/** Stripe keeps retrying a failing endpoint for three days. */
const GIVE_UP_MS = 3 * 86_400_000
const MAX_IN_FLIGHT = 8

/** Stripe's `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" with the endpoint secret>`. */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')
  return `t=${timestamp},v1=${signature}`
}

/** Exponential backoff from one second, at most a minute apart (Stripe's own spacing grows to hours). */
export const retryDelayMs = (attempts: number) => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 60_000)

/**
 * Sends the sandbox's events to the shop's webhook endpoint as Stripe does: an HTTP POST of the
 * event's JSON, freshly signed at each attempt; anything but a 2xx answer (or no answer within
 * ten seconds) is retried with backoff. Pending deliveries live in the journal, so events
 * emitted just before a crash are delivered after the restart.
 */
export class WebhookDeliverer {
  private timer?: NodeJS.Timeout
  private readonly inFlight = new Map<string, Promise<void>>()
  private stopped = true

  constructor(
    private readonly store: SandboxStore,
    private readonly url: string,
    private readonly secret: string,
    private readonly logger: Logger,
  ) {}

  start() {
    if (!this.stopped) return
    this.stopped = false
    this.schedule(0)
  }

  async stop() {
    this.stopped = true
    clearTimeout(this.timer)
    await Promise.all(this.inFlight.values())
    await this.store.commit()
  }

  /** Looks at the queue now rather than at the next tick: called when events were just emitted. */
  nudge() {
    if (!this.stopped) this.schedule(0)
  }

  /** Waits until no delivery is pending or in flight (tests and the operators' command use it). */
  async idle(timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs
    while (this.store.deliveries.size > 0 || this.inFlight.size > 0) {
      if (Date.now() > deadline) throw new Error(`webhook deliveries still pending after ${timeoutMs} ms`)
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
    for (const delivery of this.store.deliveries.values()) {
      if (this.inFlight.size >= MAX_IN_FLIGHT) break
      if (this.inFlight.has(delivery.id)) continue
      if (delivery.next_attempt_at > now) {
        next = Math.min(next, delivery.next_attempt_at - now)
        continue
      }
      const attempt = this.attempt(delivery).finally(() => {
        this.inFlight.delete(delivery.id)
        this.schedule(0)
      })
      this.inFlight.set(delivery.id, attempt)
    }
    this.schedule(Math.max(next, 10))
  }

  private async attempt(delivery: Delivery) {
    const payload = JSON.stringify(delivery.event, null, 2)
    let failure: string | null = null
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, this.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      })
      await response.arrayBuffer().catch(() => undefined)
      if (!response.ok) failure = `HTTP ${response.status}`
    } catch (error) {
      failure = (error as Error).message
    }
    if (!this.store.deliveries.has(delivery.id)) return
    if (failure === null) {
      this.store.apply([{ k: 'dl-done', id: delivery.id }])
    } else if (Date.now() - delivery.event.created * 1000 > GIVE_UP_MS) {
      this.logger.warn('stripe sandbox: webhook abandoned after three days', { event: delivery.event.id, type: delivery.event.type, error: failure })
      this.store.apply([{ k: 'dl-done', id: delivery.id }])
    } else {
      const attempts = delivery.attempts + 1
      if (attempts === 1 || attempts % 10 === 0) this.logger.warn('stripe sandbox: webhook delivery failed, will retry', { event: delivery.event.id, type: delivery.event.type, attempts, error: failure })
      this.store.apply([{ k: 'dl', v: { ...delivery, attempts, last_error: failure, next_attempt_at: Date.now() + retryDelayMs(attempts) } }])
    }
    await this.store.commit()
  }
}
