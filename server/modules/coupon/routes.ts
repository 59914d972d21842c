import { Hono } from 'hono'
import { CouponWalletSchema } from '../../../contract/coupon'
import { dataSchema } from '../../../contract/page'
import { documented } from '../../lib/route'
import type { RouteDeps } from '../../core/deps'
import { couponWallet } from './wallet'

/** The member's own coupons (checking a code against the cart is the checkout's: server/flows/checkout/routes.ts). */
export function couponRoutes(deps: RouteDeps) {
  const tags = ['Coupons']
  return new Hono()
    .get(
      '/user/coupons',
      documented({
        summary:
          "The member's coupon wallet: the coupons given to this member (a referred friend's welcome coupon, a referrer's thank-you coupons), each with its code, title in the request's language, what it takes off, minimum spend, start and end, and state (usable, not_started, used on an order that was not cancelled, expired). Usable coupons come first, the soonest to end first.",
        tags,
        response: dataSchema(CouponWalletSchema),
        auth: true,
      }),
      deps.members.required,
      async (c) => c.json({ data: await couponWallet(deps.db, c.get('session').user.id, c.get('locale'), deps.clock()) }),
    )
}
