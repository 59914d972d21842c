import { Hono } from 'hono'
import * as v from 'valibot'
import { dataSchema } from '../../../contract/page'
import {
  ChangeSubscriptionPlanInputSchema,
  MemberSubscriptionSchema,
  planIn,
  SUBSCRIPTION_PLANS,
  SubscriptionCheckoutInputSchema,
  SubscriptionCheckoutSchema,
  SubscriptionPlanSchema,
  UpdateSubscriptionInputSchema,
  UpdateSubscriptionRecipientInputSchema,
} from '../../../contract/subscription'
import { documented, validate } from '../../lib/route'
import type { RouteDeps } from '../../core/deps'
import { changePlan } from './plan-change'
import * as service from './service'

/** The snack box: its plans (figures from contract/subscription.ts), buying one, and the member's own. */
export function subscriptionRoutes(deps: RouteDeps & service.SubscriptionDeps) {
  const tags = ['Subscription']
  const member = deps.members.required
  return new Hono()
    .get(
      '/subscription/plans',
      documented({ summary: 'The snack-box plans, in the asking language, with the owner’s payment link per plan when configured', tags, response: dataSchema(v.array(SubscriptionPlanSchema)) }),
      (c) => c.json({ data: SUBSCRIPTION_PLANS.map((plan) => planIn(plan, c.get('locale'), deps.config.subscription.planUrls[plan.id] ?? null)) }),
    )
    .post(
      '/subscription/checkout',
      documented({
        summary:
          'Where to pay for a plan, its boxes going to `recipient` (checked as checkout’s recipients are: Taiwan phone, county, district, postal code): the owner’s payment link, or a hosted checkout session in subscription mode. One box per member unless `second_box: true`; only one session of a member can be paid at a time.',
        tags,
        response: dataSchema(SubscriptionCheckoutSchema),
        auth: true,
        errors: {
          409: 'The member already holds a snack box, or paid one a moment ago in another window (ALREADY_SUBSCRIBED); another request of the member is opening a payment page (IN_PROGRESS)',
          503: 'The payment provider is not answering (PAYMENT_PROVIDER_UNAVAILABLE)',
        },
      }),
      member,
      validate('json', SubscriptionCheckoutInputSchema),
      async (c) => {
        const user = c.get('session').user
        return c.json({ data: await service.startCheckout(deps, { id: user.id, email: user.email }, c.req.valid('json'), c.get('locale')) })
      },
    )
    .get('/user/subscription', documented({ summary: 'The member’s snack box: plan, status, next renewal and the boxes paid (null data: never subscribed)', tags, response: dataSchema(v.nullable(MemberSubscriptionSchema)), auth: true }), member, async (c) =>
      c.json({ data: await service.memberSubscription(deps, c.get('session').user.id, c.get('locale')) }),
    )
    .put(
      '/user/subscription',
      documented({ summary: 'Cancels the snack box at the end of the term, or keeps it', tags, response: dataSchema(MemberSubscriptionSchema), auth: true, notFound: true }),
      member,
      validate('json', UpdateSubscriptionInputSchema),
      async (c) => c.json({ data: await service.setCancelAtPeriodEnd(deps, c.get('session').user.id, c.req.valid('json').cancel_at_period_end, c.get('locale')) }),
    )
    .put(
      '/user/subscription/plan',
      documented({
        summary:
          'Changes the snack box’s plan from its next renewal (`plan_change` says the date and the amount per term): nothing is charged now and the current term stays as paid. The current plan again drops a pending change; the plan already pending is answered as it is.',
        tags,
        response: dataSchema(MemberSubscriptionSchema),
        auth: true,
        notFound: true,
        errors: {
          409: 'The box is already on this plan (SAME_PLAN), is set to end with this term (SUBSCRIPTION_CANCELLING), or its last payment failed (PAYMENT_OVERDUE)',
          503: 'The payment provider is not answering (PAYMENT_PROVIDER_UNAVAILABLE)',
        },
      }),
      member,
      validate('json', ChangeSubscriptionPlanInputSchema),
      async (c) => c.json({ data: await changePlan(deps, c.get('session').user.id, c.req.valid('json').plan_id, c.get('locale')) }),
    )
    .put(
      '/user/subscription/recipient',
      documented({
        summary: 'Changes who receives the snack box: from the next box whose cutoff (3 days before it leaves) is still ahead, as `next_box` says; checked as checkout’s recipients are',
        tags,
        response: dataSchema(MemberSubscriptionSchema),
        auth: true,
        notFound: true,
      }),
      member,
      validate('json', UpdateSubscriptionRecipientInputSchema),
      async (c) => c.json({ data: await service.setRecipient(deps, c.get('session').user.id, c.req.valid('json').recipient, c.get('locale')) }),
    )
    .post(
      '/user/subscription/portal',
      documented({ summary: 'The payment provider’s page where the member changes the card renewals are charged to', tags, response: dataSchema(SubscriptionCheckoutSchema), auth: true, notFound: true }),
      member,
      async (c) => c.json({ data: await service.portalUrl(deps, c.get('session').user.id, c.get('locale')) }),
    )
}
