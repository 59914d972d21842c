import { TEST_CARDS, type TestCard } from '../../../contract/payment'
import { StripeBilling } from './billing'
import { invalidRequest, missingParam, noSuch, unexpectedState, type StripeErrorBody } from './errors'
import type { FormParams, FormValue } from './form'
import { stripeId, unixNow, type Charge, type PaymentIntent, type PaymentMethod, type Refund, type StripeEvent } from './objects'
import type { Op, SandboxStore } from './store'
import type { ENABLED_EVENTS} from './params';
import { allowOnly, bool, CURRENCIES, expandOf, integer, MAX_AMOUNT, metadataOf, oneOf, text, type CallContext, type Outcome, type SandboxHost, type SandboxKeys } from './params'

export { DEFAULT_API_VERSION, ENABLED_EVENTS, type CallContext, type Outcome, type SandboxKeys } from './params'

const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing']
const CONFIRMABLE = ['requires_confirmation', 'requires_action', 'requires_payment_method']

const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
}

/** Test PaymentMethods only: a card number sent to the API is refused, as it must never reach the shop's code. */
function paymentMethodOf(params: FormParams): TestCard | undefined {
  const data = params.payment_method_data as Record<string, FormValue> | undefined
  const rawCard = (value: FormValue | undefined) => typeof value === 'object' && !Array.isArray(value) && value.number !== undefined
  if (rawCard(data?.card) || rawCard(params.card) || rawCard(params.source)) {
    const param = rawCard(data?.card) ? 'payment_method_data[card][number]' : rawCard(params.card) ? 'card[number]' : 'source[number]'
    throw invalidRequest(
      'Sending credit card numbers directly to the Stripe API is generally unsafe. We suggest you use test tokens that map to the test card you are using, see https://stripe.com/docs/testing.',
      undefined,
      param,
    )
  }
  if (data !== undefined) throw invalidRequest('This sandbox accepts test PaymentMethods only, e.g. payment_method=pm_card_visa.', 'parameter_invalid_object', 'payment_method_data')
  const id = text(params, 'payment_method')
  if (id === undefined) return undefined
  const card = TEST_CARDS.find((c) => c.payment_method === id)
  if (!card) throw invalidRequest(`No such PaymentMethod: '${id}'`, 'resource_missing', 'payment_method')
  return card
}

const paymentMethodObject = (card: TestCard, created: number): PaymentMethod => ({
  id: card.payment_method,
  object: 'payment_method',
  type: 'card',
  card: { brand: card.brand, last4: card.number.slice(-4), exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, country: 'US', funding: 'credit' },
  created,
  livemode: false,
})

/** The fields Stripe shows a publishable-key caller holding the client secret. */
const publicView = (pi: PaymentIntent) => {
  const { metadata: _metadata, customer: _customer, latest_charge: _charge, amount_received: _received, amount_capturable: _capturable, ...rest } = pi
  return rest
}

/**
 * Stripe's PaymentIntents, Charges and Refunds in test mode, as far as the shop uses them: every
 * operation checks its parameters (a failure changes nothing and is not remembered under the
 * idempotency key, as at Stripe), then changes the state and emits events in one journal unit.
 * Operations are synchronous, so two requests never interleave on one intent.
 */
export class StripeSandbox implements SandboxHost {
  /** Checkout Sessions, Customers, Subscriptions, Invoices, the portal and test clocks */
  readonly billing: StripeBilling

  constructor(
    readonly store: SandboxStore,
    readonly keys: SandboxKeys,
    /** where events are POSTed; undefined: events are not delivered */
    readonly webhookUrl: string | undefined,
    /** the public origin hosted pages are served from (`/sandbox-checkout/...`) */
    publicBase = 'http://127.0.0.1',
  ) {
    this.billing = new StripeBilling(this, publicBase)
  }

  /** The webhook delivery of one event (none when no endpoint is set), to apply with the change it reports. */
  event(type: (typeof ENABLED_EVENTS)[number], object: StripeEvent['data']['object'], ctx: Pick<CallContext, 'apiVersion' | 'requestId' | 'idempotencyKey'>, previous?: Record<string, unknown>): Op[] {
    if (!this.webhookUrl) return []
    const event: StripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      api_version: ctx.apiVersion,
      created: unixNow(),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: ctx.requestId, idempotency_key: ctx.idempotencyKey },
      type,
    }
    return [{ k: 'dl', v: { id: event.id, event, attempts: 0, next_attempt_at: Date.now(), last_error: null } }]
  }

  private intent(id: string, ctx: CallContext, params: FormParams) {
    const pi = this.store.intents.get(id)
    if (!pi) throw noSuch('payment_intent', id, 'intent')
    if (ctx.key === 'publishable') {
      const secret = text(params, 'client_secret')
      if (secret === undefined) throw missingParam('client_secret')
      if (secret !== pi.client_secret) throw invalidRequest('The client_secret provided does not match the client_secret associated with the PaymentIntent.', undefined, 'client_secret')
    }
    return pi
  }

  private view(pi: PaymentIntent, ctx: CallContext, expand: string[] = []) {
    if (ctx.key === 'publishable') return publicView(pi)
    if (expand.includes('latest_charge') && pi.latest_charge) return { ...pi, latest_charge: this.store.charges.get(pi.latest_charge) ?? pi.latest_charge }
    return pi
  }

  /** `POST /v1/payment_intents` */
  createIntent(params: FormParams, ctx: CallContext): () => Outcome {
    allowOnly(params, ['amount', 'currency', 'metadata', 'description', 'allowed_payment_method_types', 'payment_method_types', 'automatic_payment_methods', 'payment_method', 'confirm', 'receipt_email', 'capture_method', 'expand', 'return_url'])
    const amount = integer(params, 'amount')
    if (amount === undefined) throw missingParam('amount')
    if (amount > MAX_AMOUNT) throw invalidRequest('Amount must be no more than 99,999,999 in the smallest currency unit.', 'amount_too_large', 'amount')
    const currency = text(params, 'currency')?.toLowerCase()
    if (currency === undefined) throw missingParam('currency')
    if (!CURRENCIES.has(currency)) throw invalidRequest(`Invalid currency: ${currency}. Stripe currently supports these currencies: ${[...CURRENCIES].join(', ')}`, undefined, 'currency')
    const metadata = metadataOf(params)
    // `allowed_payment_method_types` in current API versions, `payment_method_types` before
    const typesParam = params.allowed_payment_method_types !== undefined ? 'allowed_payment_method_types' : 'payment_method_types'
    const types = params[typesParam]
    if (types !== undefined && (!Array.isArray(types) || types.some((t) => t !== 'card'))) {
      throw invalidRequest('The payment method types available in this sandbox are: card.', 'payment_intent_invalid_parameter', typesParam)
    }
    const automatic = params.automatic_payment_methods as Record<string, FormValue> | undefined
    oneOf(params, 'capture_method', ['automatic', 'automatic_async'])
    const card = paymentMethodOf(params)
    const confirm = bool(params, 'confirm') ?? false
    const expand = expandOf(params, ['latest_charge'])
    const description = text(params, 'description') ?? null
    const receiptEmail = text(params, 'receipt_email') ?? null
    text(params, 'return_url')
    return () => {
      const id = stripeId('pi')
      const pi: PaymentIntent = {
        id,
        object: 'payment_intent',
        allowed_payment_method_types: types === undefined ? null : ['card'],
        amount,
        amount_capturable: 0,
        amount_received: 0,
        automatic_payment_methods: automatic ? { enabled: automatic.enabled === 'true' } : null,
        canceled_at: null,
        cancellation_reason: null,
        capture_method: 'automatic',
        client_secret: `${id}_secret_${stripeId('x').slice(2)}`,
        confirmation_method: 'automatic',
        created: unixNow(),
        currency,
        customer: null,
        description,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        metadata,
        next_action: null,
        payment_method: card?.payment_method ?? null,
        payment_method_types: ['card'],
        receipt_email: receiptEmail,
        status: card ? 'requires_confirmation' : 'requires_payment_method',
      }
      if (!confirm) return { status: 200, body: this.view(pi, ctx, expand), ops: [{ k: 'pi', v: pi }] }
      return this.charge(pi, card, ctx, expand)
    }
  }

  /** `POST /v1/payment_intents/:id`: metadata, description and receipt e-mail, while the intent is open. */
  updateIntent(id: string, params: FormParams, ctx: CallContext): () => Outcome {
    allowOnly(params, ['metadata', 'description', 'receipt_email', 'expand'])
    const current = this.intent(id, ctx, params)
    const metadata = metadataOf(params, current.metadata)
    const expand = expandOf(params, ['latest_charge'])
    return () => {
      const pi = this.store.intents.get(id)!
      const next: PaymentIntent = { ...pi, metadata, description: text(params, 'description') ?? pi.description, receipt_email: text(params, 'receipt_email') ?? pi.receipt_email }
      return { status: 200, body: this.view(next, ctx, expand), ops: [{ k: 'pi', v: next }] }
    }
  }

  /** `GET /v1/payment_intents/:id` */
  retrieveIntent(id: string, params: FormParams, ctx: CallContext) {
    allowOnly(params, ['client_secret', 'expand'])
    const expand = expandOf(params, ['latest_charge'])
    return this.view(this.intent(id, ctx, params), ctx, expand)
  }

  /** `POST /v1/payment_intents/:id/confirm`: with the secret key, or the publishable key and the client secret. */
  confirmIntent(id: string, params: FormParams, ctx: CallContext): () => Outcome {
    allowOnly(params, ['payment_method', 'payment_method_data', 'client_secret', 'expand', 'return_url', 'receipt_email', 'use_stripe_sdk'])
    this.intent(id, ctx, params)
    const card = paymentMethodOf(params)
    const expand = expandOf(params, ['latest_charge'])
    text(params, 'return_url')
    return () => {
      const pi = this.store.intents.get(id)!
      if (pi.status === 'succeeded') throw unexpectedState('You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.')
      if (!CONFIRMABLE.includes(pi.status)) {
        throw unexpectedState(`You cannot confirm this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`)
      }
      const method = card ?? TEST_CARDS.find((c) => c.payment_method === pi.payment_method)
      if (!method) {
        throw unexpectedState("You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, pass a payment_method such as pm_card_visa.")
      }
      return this.charge(pi, method, ctx, expand)
    }
  }

  /** Charges the card: succeeded, or declined back to `requires_payment_method` with a 402 card error. */
  private charge(pi: PaymentIntent, card: TestCard | undefined, ctx: CallContext, expand: string[]): Outcome {
    if (!card) return { status: 200, body: this.view(pi, ctx, expand), ops: [{ k: 'pi', v: pi }] }
    const now = unixNow()
    const declined = card.outcome === 'declined'
    const message = declined ? DECLINE_MESSAGES[card.decline_code]! : null
    const charge: Charge = {
      id: stripeId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: declined ? 0 : pi.amount,
      amount_refunded: 0,
      captured: !declined,
      created: now,
      currency: pi.currency,
      failure_code: declined ? 'card_declined' : null,
      failure_message: message,
      livemode: false,
      metadata: pi.metadata,
      outcome: declined
        ? { network_status: 'declined_by_network', reason: card.decline_code, seller_message: 'The bank did not return any further details with this decline.', type: 'issuer_declined' }
        : { network_status: 'approved_by_network', reason: null, seller_message: 'Payment complete.', type: 'authorized' },
      paid: !declined,
      payment_intent: pi.id,
      payment_method: card.payment_method,
      refunded: false,
      status: declined ? 'failed' : 'succeeded',
    }
    if (!declined) {
      const next: PaymentIntent = { ...pi, status: 'succeeded', amount_received: pi.amount, payment_method: card.payment_method, latest_charge: charge.id, last_payment_error: null }
      return {
        status: 200,
        body: this.view(next, ctx, expand),
        ops: [{ k: 'ch', v: charge }, { k: 'pi', v: next }, ...this.event('payment_intent.succeeded', next, ctx)],
      }
    }
    const method = paymentMethodObject(card, now)
    const error = {
      type: 'card_error' as const,
      code: 'card_declined',
      decline_code: card.decline_code,
      message: message!,
      charge: charge.id,
      doc_url: 'https://docs.stripe.com/error-codes/card-declined',
      payment_method: method,
    }
    const next: PaymentIntent = { ...pi, status: 'requires_payment_method', payment_method: null, latest_charge: charge.id, last_payment_error: error }
    const body: { error: StripeErrorBody } = { error: { ...error, payment_intent: this.view(next, ctx) as PaymentIntent } }
    return { status: 402, body, ops: [{ k: 'ch', v: charge }, { k: 'pi', v: next }, ...this.event('payment_intent.payment_failed', next, ctx)] }
  }

  /** `POST /v1/payment_intents/:id/cancel` */
  cancelIntent(id: string, params: FormParams, ctx: CallContext): () => Outcome {
    allowOnly(params, ['cancellation_reason', 'expand'])
    this.intent(id, ctx, params)
    const reason = oneOf(params, 'cancellation_reason', ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'])
    const expand = expandOf(params, ['latest_charge'])
    return () => {
      const pi = this.store.intents.get(id)!
      if (!CANCELABLE.includes(pi.status)) {
        throw unexpectedState(`You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`)
      }
      const next: PaymentIntent = { ...pi, status: 'canceled', canceled_at: unixNow(), cancellation_reason: reason ?? null }
      return { status: 200, body: this.view(next, ctx, expand), ops: [{ k: 'pi', v: next }, ...this.event('payment_intent.canceled', next, ctx)] }
    }
  }

  /** `POST /v1/refunds`: all or part of a succeeded charge, named by its PaymentIntent or the charge. */
  createRefund(params: FormParams, ctx: CallContext): () => Outcome {
    allowOnly(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand'])
    const intentId = text(params, 'payment_intent')
    const chargeId = text(params, 'charge')
    if (!intentId && !chargeId) throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.', 'parameter_missing', 'payment_intent')
    const amount = integer(params, 'amount')
    const reason = oneOf(params, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'])
    const metadata = metadataOf(params)
    expandOf(params, [])
    return () => {
      let charge: Charge | undefined
      if (intentId) {
        const pi = this.store.intents.get(intentId)
        if (!pi) throw noSuch('payment_intent', intentId, 'payment_intent')
        if (pi.status !== 'succeeded' || !pi.latest_charge) throw invalidRequest(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, undefined, 'payment_intent')
        charge = this.store.charges.get(pi.latest_charge)
      } else {
        charge = this.store.charges.get(chargeId!)
        if (!charge) throw noSuch('charge', chargeId!, 'charge')
        if (charge.status !== 'succeeded') throw invalidRequest(`Charge ${charge.id} has not succeeded and cannot be refunded.`, undefined, 'charge')
      }
      const left = charge!.amount_captured - charge!.amount_refunded
      if (left <= 0) throw invalidRequest(`Charge ${charge!.id} has already been refunded.`, 'charge_already_refunded', 'charge')
      if (amount !== undefined && amount > left) {
        throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount_too_large', 'amount')
      }
      const refunded = amount ?? left
      const refund: Refund = {
        id: stripeId('re'),
        object: 'refund',
        amount: refunded,
        charge: charge!.id,
        created: unixNow(),
        currency: charge!.currency,
        metadata,
        payment_intent: charge!.payment_intent,
        reason: reason ?? null,
        status: 'succeeded',
      }
      const nextCharge: Charge = { ...charge!, amount_refunded: charge!.amount_refunded + refunded, refunded: charge!.amount_refunded + refunded >= charge!.amount_captured }
      return {
        status: 200,
        body: refund,
        ops: [{ k: 're', v: refund }, { k: 'ch', v: nextCharge }, ...this.event('charge.refunded', nextCharge, ctx, { amount_refunded: charge!.amount_refunded, refunded: charge!.refunded })],
      }
    }
  }

  retrieveCharge(id: string, params: FormParams) {
    allowOnly(params, ['expand'])
    expandOf(params, [])
    const charge = this.store.charges.get(id)
    if (!charge) throw noSuch('charge', id)
    return charge
  }

  retrieveRefund(id: string, params: FormParams) {
    allowOnly(params, ['expand'])
    expandOf(params, [])
    const refund = this.store.refunds.get(id)
    if (!refund) throw noSuch('refund', id)
    return refund
  }
}

