import { createHmac } from 'node:crypto'
import { DeliveryLoop, retryDelayMs } from '../../lib/delivery-loop'
import type { Logger } from '../../lib/logger'
import type { Delivery, SandboxStore } from './store'

/** Stripe keeps retrying a failing endpoint for three days. */
const GIVE_UP_MS = 3 * 86_400_000

/** Stripe's `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" with the endpoint secret>`. */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')
  return `t=${timestamp},v1=${signature}`
}

/**
 * Sends the sandbox's events to the shop's webhook endpoint as Stripe does: an HTTP POST of the
 * event's JSON, freshly signed at each attempt; anything but a 2xx answer (or no answer within
 * ten seconds) is retried with backoff. Pending deliveries live in the journal, so events
 * emitted just before a crash are delivered after the restart.
 */
export class WebhookDeliverer {
  private readonly loop: DeliveryLoop<Delivery>

  constructor(
    private readonly store: SandboxStore,
    private readonly url: string,
    private readonly secret: string,
    private readonly logger: Logger,
  ) {
    this.loop = new DeliveryLoop({ pending: () => this.store.deliveries.values(), attempt: (delivery) => this.attempt(delivery) })
  }

  start() {
    this.loop.start()
  }

  async stop() {
    await this.loop.stop()
    await this.store.commit()
  }

  /** Looks at the queue now rather than at the next tick: called when events were just emitted. */
  nudge() {
    this.loop.nudge()
  }

  /** Waits until no delivery is pending or in flight (tests and the operators' command use it). */
  idle(timeoutMs = 30_000) {
    return this.loop.idle(timeoutMs)
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
