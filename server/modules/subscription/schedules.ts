import Stripe from 'stripe'
import type { SubscriptionPlanFigures } from '../../../contract/subscription'
import type { PaymentGateway } from '../../integrations/payments'
import { toStripeAmount } from '../../integrations/payments'

type Deps = { gateway: PaymentGateway }

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : ref?.id)

/**
 * Makes the subscription renew as `plan` from its next renewal, through a subscription schedule
 * (decision 56): the current phase is kept as it was paid, and a phase of one term of the plan
 * follows it, priced like checkout's (`price_data` on the subscription's product), named by its
 * metadata's `plan_id`; the schedule then releases the subscription, which renews as that plan.
 * Changing the item's price on the subscription itself would start the new billing period at once
 * and charge it, because the plans bill every 1, 3, 6 or 12 months. Answers the schedule's id.
 */
export async function scheduleChange(deps: Deps, subscriptionId: string, plan: SubscriptionPlanFigures) {
  const { stripe } = deps.gateway
  const sub = await deps.gateway.call('retrieve subscription', () => stripe.subscriptions.retrieve(subscriptionId))
  const item = sub.items.data[0]!
  let scheduleId = idOf(sub.schedule)
  if (!scheduleId) {
    scheduleId = await deps.gateway
      .call('create subscription schedule', () => stripe.subscriptionSchedules.create({ from_subscription: sub.id }))
      .then((schedule) => schedule.id)
      .catch(async (error: unknown) => {
        // a second click a moment ago attached one: use it
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
        const again = idOf((await deps.gateway.call('retrieve subscription', () => stripe.subscriptions.retrieve(sub.id))).schedule)
        if (!again) throw error
        return again
      })
  }
  const id = scheduleId
  const schedule = await deps.gateway.call('retrieve subscription schedule', () => stripe.subscriptionSchedules.retrieve(id))
  const current = schedule.phases.find((phase) => phase.start_date === schedule.current_phase?.start_date) ?? schedule.phases[0]!
  const currentMetadata = current.metadata && Object.keys(current.metadata).length > 0 ? { metadata: current.metadata } : {}
  await deps.gateway.call('update subscription schedule', () =>
    stripe.subscriptionSchedules.update(id, {
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: [
        { start_date: current.start_date, end_date: current.end_date, items: [{ price: idOf(current.items[0]!.price)!, quantity: 1 }], proration_behavior: 'none', ...currentMetadata },
        {
          items: [
            {
              quantity: 1,
              price_data: {
                currency: 'twd',
                product: idOf(item.price.product)!,
                unit_amount: toStripeAmount(plan.price * plan.months),
                recurring: { interval: 'month', interval_count: plan.months },
              },
            },
          ],
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
export async function releaseSchedule(deps: Deps, scheduleId: string | null) {
  if (!scheduleId) return
  const { stripe } = deps.gateway
  await deps.gateway.call('release subscription schedule', () => stripe.subscriptionSchedules.release(scheduleId)).catch(async (error: unknown) => {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
    const schedule = await deps.gateway.call('retrieve subscription schedule', () => stripe.subscriptionSchedules.retrieve(scheduleId))
    if (schedule.status === 'active' || schedule.status === 'not_started') throw error
  })
}
