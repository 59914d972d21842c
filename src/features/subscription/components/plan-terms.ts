import { plural } from '@lingui/core/macro'
import type { SubscriptionPlan } from '../../../../contract/subscription'
import { formatPrice } from '@/lib/format-price'

/**
 * What a plan costs as it is charged: the amount paid up front for each term, how often, the
 * month's share and that it renews until cancelled ("NT$5,670 charged every 6 months (NT$945 a
 * month), renews until cancelled"), so the card says what the payment page will charge.
 */
export function planTerms(plan: Pick<SubscriptionPlan, 'months' | 'price' | 'term_price'>) {
  const monthly = formatPrice(plan.price)
  return {
    amount: formatPrice(plan.term_price),
    terms: plural(plan.months, {
      one: 'charged every month, renews until cancelled',
      other: `charged every # months (${monthly} a month), renews until cancelled`,
    }),
  }
}
