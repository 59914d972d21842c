import { Hono } from 'hono'
import type Stripe from 'stripe'
import * as v from 'valibot'
import type { Db } from '../db/client'
import { stripeEvents } from '../db/schema'
import { transaction } from '../db/transaction'
import { AppError } from '../lib/errors'
import type { Logger } from '../lib/logger'
import { documented } from '../lib/route'
import type { StripeClient, StripeEventHandler } from '../integrations/payments'
import type { PaymentDeps } from '../core/deps'
import { stripeEventHandler } from '../modules/order/payments'
import { SUBSCRIPTION_EVENTS, subscriptionEventHandler } from '../modules/subscription/service'

/** Stripe's events to the module they are about: the snack box's billing events to subscriptions, the rest (PaymentIntents) to orders. */
export function routeStripeEvent(deps: PaymentDeps): StripeEventHandler {
  const orders = stripeEventHandler(deps)
  const subscriptions = subscriptionEventHandler(deps)
  return (tx, event) => (SUBSCRIPTION_EVENTS.includes(event.type) ? subscriptions(tx, event) : orders(tx, event))
}

export interface WebhookDeps {
  db: Db
  stripe: StripeClient
  webhookSecret: string
  logger: Logger
  handle: StripeEventHandler
}

/**
 * `POST /payment/webhook/stripe`: Stripe's (or the sandbox's) signed events. The signature is checked
 * on the raw body (a bad one is a 400 and changes nothing); the event id is recorded in the same
 * transaction as its effect, so a replayed event changes nothing, and a failure answers 500 so
 * that Stripe retries it.
 */
export function stripeWebhookRoutes(deps: WebhookDeps) {
  return new Hono().post(
    '/payment/webhook/stripe',
    documented({
      summary: 'Stripe webhook endpoint (signed with STRIPE_WEBHOOK_SECRET; each event handled once)',
      tags: ['Payment'],
      response: v.object({ received: v.literal(true), duplicate: v.boolean() }),
      errors: { 400: 'Missing or wrong Stripe-Signature (INVALID_SIGNATURE)', 413: 'A body over 1 MB (PAYLOAD_TOO_LARGE)' },
    }),
    async (c) => {
      const raw = await c.req.text()
      let event: Stripe.Event
      try {
        event = await deps.stripe.webhooks.constructEventAsync(raw, c.req.header('stripe-signature') ?? '', deps.webhookSecret)
      } catch {
        throw new AppError('INVALID_SIGNATURE', 400, 'The webhook signature is not valid.')
      }
      const outcome = await transaction(deps.db, async (tx) => {
        const claimed = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id })
        if (claimed.length === 0) return 'duplicate' as const
        return (await deps.handle(tx, event)) ?? undefined
      })
      if (typeof outcome === 'function') {
        await outcome().catch((error: Error) => deps.logger.warn('stripe webhook: follow-up failed; the sweeper retries it', { event: event.id, error: error.message }))
      }
      return c.json({ received: true as const, duplicate: outcome === 'duplicate' })
    },
  )
}
