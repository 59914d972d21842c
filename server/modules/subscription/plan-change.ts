import type { Locale } from '../../../contract/constants'
import type { SubscriptionPlanId } from '../../../contract/subscription'
import { AppError } from '../../lib/errors'
import { latestOf, updateSubscription } from './repo'
import { memberSubscription, noSubscription, planById, statusOf, type SubscriptionDeps } from './service'

const samePlan = () => new AppError('SAME_PLAN', 409, 'Your snack box is already on this plan.')
const cancelling = () => new AppError('SUBSCRIPTION_CANCELLING', 409, 'Your snack box ends with this term, so its plan cannot change. Keep your subscription first, then choose a plan.')
const overdue = () => new AppError('PAYMENT_OVERDUE', 409, 'The last payment for your snack box did not go through. Please update your payment method before changing plan.')

/**
 * `PUT /user/subscription/plan`: the plan the box renews as from its next renewal. Nothing is
 * charged now and the current term stays as paid (a subscription schedule carries the change,
 * server/integrations/billing.ts). The current plan again drops a pending change; the plan already pending is answered
 * as it is, so a second click changes nothing. A cancelling or overdue box cannot change plan.
 */
export async function changePlan(deps: SubscriptionDeps, userId: number, planId: SubscriptionPlanId, locale: Locale) {
  const row = await latestOf(deps.db, userId)
  if (!row || statusOf(row) === 'ended') throw noSubscription()
  const status = statusOf(row)
  if (status === 'cancelling') throw cancelling()
  if (status === 'past_due') throw overdue()
  // dated to the second, as events are: a webhook older than this change does not undo it
  const at = new Date(Math.floor(deps.clock().getTime() / 1000) * 1000)
  if (planId === row.plan_id) {
    if (!row.next_plan_id) throw samePlan()
    await deps.billing.releaseSchedule(row.schedule_id)
    await updateSubscription(deps.db, row.id, { next_plan_id: null, schedule_id: null, event_at: at, updated_at: at })
  } else if (planId !== row.next_plan_id) {
    const scheduleId = await deps.billing.scheduleChange(row.subscription_id, planById(planId)!)
    await updateSubscription(deps.db, row.id, { next_plan_id: planId, schedule_id: scheduleId, event_at: at, updated_at: at })
  }
  return (await memberSubscription(deps, userId, locale))!
}
