import { DeliveryLoop, retryDelayMs } from '../../lib/delivery-loop'
import type { Logger } from '../../lib/logger'
import type { Callback, LogisticsSandbox } from './sandbox'

/** ECPay reports a status again for three days until the merchant answers `1|OK`. */
const GIVE_UP_MS = 3 * 86_400_000

/**
 * Reports each status change to the shipment's ServerReplyURL as ECPay does: a form POST of the
 * signed fields, answered with the plain text `1|OK`; anything else (or no answer within ten
 * seconds) is reported again later. A parcel's reports go in the order its statuses came.
 */
export class CallbackSender {
  private readonly loop: DeliveryLoop<Callback>

  constructor(
    private readonly sandbox: LogisticsSandbox,
    private readonly logger: Logger,
  ) {
    // one report of a parcel at a time, the oldest first
    const pending = () => {
      const first = new Map<string, Callback>()
      for (const callback of [...this.sandbox.callbacks.values()].sort((a, b) => a.seq - b.seq)) {
        const parcel = callback.fields.AllPayLogisticsID!
        if (!first.has(parcel)) first.set(parcel, callback)
      }
      return first.values()
    }
    this.loop = new DeliveryLoop({ pending, attempt: (callback) => this.attempt(callback), maxInFlight: 4 })
  }

  start() {
    this.loop.start()
  }

  async stop() {
    await this.loop.stop()
    await this.sandbox.commit()
  }

  nudge() {
    this.loop.nudge()
  }

  idle(timeoutMs?: number) {
    return this.loop.idle(timeoutMs)
  }

  private async attempt(callback: Callback) {
    let failure: string | null = null
    try {
      const response = await fetch(callback.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(callback.fields).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      })
      const text = (await response.text().catch(() => '')).trim()
      if (text !== '1|OK') failure = `answered HTTP ${response.status} ${JSON.stringify(text.slice(0, 40))}`
    } catch (error) {
      failure = (error as Error).message
    }
    if (!this.sandbox.callbacks.has(callback.id)) return
    if (failure === null) this.sandbox.apply([{ k: 'cb-done', id: callback.id }])
    else if (Date.now() - callback.created_at > GIVE_UP_MS) {
      this.logger.warn('ecpay sandbox: status report abandoned after three days', { shipment: callback.fields.AllPayLogisticsID, status: callback.fields.RtnCode, error: failure })
      this.sandbox.apply([{ k: 'cb-done', id: callback.id }])
    } else {
      const attempts = callback.attempts + 1
      if (attempts === 1 || attempts % 10 === 0) this.logger.warn('ecpay sandbox: status report failed, will retry', { shipment: callback.fields.AllPayLogisticsID, status: callback.fields.RtnCode, attempts, error: failure })
      this.sandbox.apply([{ k: 'cb', v: { ...callback, attempts, last_error: failure, next_attempt_at: Date.now() + retryDelayMs(attempts) } }])
    }
    await this.sandbox.commit()
  }
}
