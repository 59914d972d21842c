import Stripe from 'stripe'
import { AppError } from '../../lib/errors'
import type { Logger } from '../../lib/logger'
import { toStripeAmount, type StripeClient } from './stripe-client'

export type Intent = Stripe.PaymentIntent

/** Stripe could not be reached or answered with a server error: the member may simply try again. */
const unavailable = () => new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503, 'The payment service is not answering; please try again in a moment.')

const isTransient = (error: unknown) =>
  error instanceof Stripe.errors.StripeConnectionError ||
  error instanceof Stripe.errors.StripeAPIError ||
  error instanceof Stripe.errors.StripeRateLimitError ||
  (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)

/**
 * What the shop asks of Stripe (or the sandbox, through the same client): PaymentIntents in TWD,
 * created under an idempotency key derived from the order and attempt, cancelled, looked up and
 * refunded. Outages become PAYMENT_PROVIDER_UNAVAILABLE; Stripe's answers about state are results.
 */
export class PaymentGateway {
  constructor(
    readonly stripe: StripeClient,
    private readonly logger: Logger,
  ) {}

  /** Runs a call to Stripe; an outage becomes PAYMENT_PROVIDER_UNAVAILABLE (503), anything else is thrown as it is. */
  async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (isTransient(error)) {
        this.logger.warn(`stripe: ${what} failed`, { error: (error as Error).message })
        throw unavailable()
      }
      throw error
    }
  }

  createIntent(order: { no: string; amount: number }, attempt: number) {
    return this.call('create payment intent', () =>
      this.stripe.paymentIntents.create(
        {
          amount: toStripeAmount(order.amount),
          currency: 'twd',
          allowed_payment_method_types: ['card'],
          description: `Order ${order.no}`,
          metadata: { order_no: order.no, attempt: String(attempt) },
        },
        { idempotencyKey: `order-${order.no}-attempt-${attempt}` },
      ),
    )
  }

  retrieve(intentId: string) {
    return this.call('retrieve payment intent', () => this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }))
  }

  /** Cancels an open intent; one that can no longer be cancelled (paid, or already cancelled) is answered as it is. */
  async cancel(intentId: string): Promise<Intent> {
    try {
      return await this.call('cancel payment intent', () => this.stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' }))
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') return this.retrieve(intentId)
      throw error
    }
  }

  /** Refunds the whole charge of a succeeded intent, once (the key makes a retry return the same refund). */
  async refund(intentId: string, orderNo: string): Promise<{ amount: number } | 'already refunded'> {
    try {
      const refund = await this.call('refund', () =>
        this.stripe.refunds.create({ payment_intent: intentId, reason: 'requested_by_customer', metadata: { order_no: orderNo } }, { idempotencyKey: `refund-${intentId}` }),
      )
      return { amount: refund.amount }
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return 'already refunded'
      throw error
    }
  }
}
