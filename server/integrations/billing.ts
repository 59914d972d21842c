/**
 * The snack box's billing at the payment provider (Stripe Billing: customers, Checkout Sessions in
 * subscription mode, subscription schedules, the customer portal), behind the same gateway as the
 * orders' payments: every call goes through `PaymentGateway.call`, so an outage is answered
 * PAYMENT_PROVIDER_UNAVAILABLE (503) here as there. The module decides what happens to a member's
 * box; this file knows how Stripe is asked for it.
 */
import Stripe from 'stripe'
import type { Locale } from '../../contract/constants'
import type { SubscriptionPlanFigures } from '../../contract/subscription'
import { toStripeAmount, type PaymentGateway } from './payments'

/** Stripe Checkout's own language for each of the shop's. */
const STRIPE_LOCALES: Record<Locale, 'zh-TW' | 'en' | 'ja'> = { zh_tw: 'zh-TW', en: 'en', ja: 'ja' }

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : ref?.id)

/** An object the provider says does not exist (Stripe's `resource_missing`, 404). */
const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'resource_missing' || error.statusCode === 404)

/** A plan's term as Stripe bills it: its months' price in advance, every that many months. */
const termPrice = (plan: Pick<SubscriptionPlanFigures, 'price' | 'months'>) => ({
  currency: 'twd',
  unit_amount: toStripeAmount(plan.price * plan.months),
  recurring: { interval: 'month' as const, interval_count: plan.months },
})

export interface CheckoutSessionInput {
  customer: string
  userId: number
  plan: Pick<SubscriptionPlanFigures, 'price' | 'months'>
  /** what the member's statement and Stripe's page call the box */
  productName: string
  metadata: Record<string, string>
  successUrl: string
  cancelUrl: string
  locale: Locale
  /** one claim, one session: a retry of this very call after a network failure gets the same one */
  idempotencyKey: string
}

export class Billing {
  constructor(private readonly gateway: PaymentGateway) {}

  private get stripe() {
    return this.gateway.stripe
  }

  /** The member's customer, created once (the key makes a retry or a double click find the same one); answers its id. */
  async createCustomer(user: { id: number; email: string }): Promise<string> {
    const customer = await this.gateway.call('create customer', () =>
      this.stripe.customers.create({ email: user.email, metadata: { user_id: String(user.id) } }, { idempotencyKey: `customer-user-${user.id}` }),
    )
    return customer.id
  }

  /** A Checkout Session as the provider knows it now; null when it does not know it (its test data was reset, or the keys changed). */
  checkoutSession(id: string): Promise<Stripe.Checkout.Session | null> {
    return this.gateway.call('retrieve checkout session', () => this.stripe.checkout.sessions.retrieve(id)).catch((error: unknown) => {
      if (isMissing(error)) return null
      throw error
    })
  }

  /**
   * Expires an open session so it can no longer be paid. 'complete' when it could not be expired
   * because it was paid a moment ago; a session the provider no longer knows counts as expired.
   */
  async expireCheckoutSession(id: string): Promise<'expired' | 'complete'> {
    try {
      await this.gateway.call('expire checkout session', () => this.stripe.checkout.sessions.expire(id))
      return 'expired'
    } catch (error) {
      if (isMissing(error)) return 'expired'
      const again = await this.checkoutSession(id)
      if (again?.status === 'complete') return 'complete'
      if (again === null || again.status === 'expired') return 'expired'
      throw error
    }
  }

  /** A Checkout Session in subscription mode for one plan. */
  createCheckoutSession(input: CheckoutSessionInput): Promise<Stripe.Checkout.Session> {
    return this.gateway.call('create checkout session', () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: input.customer,
          client_reference_id: String(input.userId),
          line_items: [{ quantity: 1, price_data: { ...termPrice(input.plan), product_data: { name: input.productName } } }],
          metadata: input.metadata,
          subscription_data: { metadata: input.metadata },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          locale: STRIPE_LOCALES[input.locale],
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    )
  }

  /** Cancels at the end of the term, or keeps the subscription; answers the subscription as it now is. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<Stripe.Subscription> {
    return this.gateway.call('update subscription', () => this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }))
  }

  /** The provider's page where the member changes the card renewals are charged to. */
  async portalUrl(customer: string, returnUrl: string): Promise<string> {
    const session = await this.gateway.call('create portal session', () => this.stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }))
    return session.url
  }

  /**
   * Makes the subscription renew as `plan` from its next renewal, through a subscription schedule
   * (decision 56): the current phase is kept as it was paid, and a phase of one term of the plan
   * follows it, priced like checkout's (`price_data` on the subscription's product), named by its
   * metadata's `plan_id`; the schedule then releases the subscription, which renews as that plan.
   * Changing the item's price on the subscription itself would start the new billing period at once
   * and charge it, because the plans bill every 1, 3, 6 or 12 months. Answers the schedule's id.
   */
  async scheduleChange(subscriptionId: string, plan: SubscriptionPlanFigures): Promise<string> {
    const { stripe, gateway } = this
    const sub = await gateway.call('retrieve subscription', () => stripe.subscriptions.retrieve(subscriptionId))
    const item = sub.items.data[0]!
    let scheduleId = idOf(sub.schedule)
    if (!scheduleId) {
      scheduleId = await gateway
        .call('create subscription schedule', () => stripe.subscriptionSchedules.create({ from_subscription: sub.id }))
        .then((schedule) => schedule.id)
        .catch(async (error: unknown) => {
          // a second click a moment ago attached one: use it
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
          const again = idOf((await gateway.call('retrieve subscription', () => stripe.subscriptions.retrieve(sub.id))).schedule)
          if (!again) throw error
          return again
        })
    }
    const id = scheduleId
    const schedule = await gateway.call('retrieve subscription schedule', () => stripe.subscriptionSchedules.retrieve(id))
    const current = schedule.phases.find((phase) => phase.start_date === schedule.current_phase?.start_date) ?? schedule.phases[0]!
    const currentMetadata = current.metadata && Object.keys(current.metadata).length > 0 ? { metadata: current.metadata } : {}
    await gateway.call('update subscription schedule', () =>
      stripe.subscriptionSchedules.update(id, {
        end_behavior: 'release',
        proration_behavior: 'none',
        phases: [
          { start_date: current.start_date, end_date: current.end_date, items: [{ price: idOf(current.items[0]!.price)!, quantity: 1 }], proration_behavior: 'none', ...currentMetadata },
          {
            items: [{ quantity: 1, price_data: { ...termPrice(plan), product: idOf(item.price.product)! } }],
            duration: { interval: 'month', interval_count: plan.months },
            metadata: { plan_id: plan.id },
            proration_behavior: 'none',
          },
        ],
      }),
    )
    return id
  }

  /** Lets the subscription go on as it is, without the schedule's phases to come; a schedule already released (a second click) is fine. */
  async releaseSchedule(scheduleId: string | null): Promise<void> {
    if (!scheduleId) return
    const { stripe, gateway } = this
    await gateway.call('release subscription schedule', () => stripe.subscriptionSchedules.release(scheduleId)).catch(async (error: unknown) => {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
      const schedule = await gateway.call('retrieve subscription schedule', () => stripe.subscriptionSchedules.retrieve(scheduleId))
      if (schedule.status === 'active' || schedule.status === 'not_started') throw error
    })
  }
}
