import { Hono } from 'hono'
import { CouponCheckInputSchema, CouponCheckSchema, CouponWalletSchema } from '../../../contract/coupon'
import { dataSchema } from '../../../contract/page'
import { documented, validate } from '../../lib/route'
import { requireUser } from '../auth/middleware'
import type { AuthDeps } from '../auth/service'
import { checkCoupon } from './check'
import { couponWallet } from './wallet'

/** Coupons: the member's own coupons, and checking a code against the member's cart before paying. */
export function couponRoutes(deps: AuthDeps) {
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
      requireUser(deps),
      async (c) => c.json({ data: await couponWallet(deps.db, c.get('session').user.id, c.get('locale'), deps.clock()) }),
    )
    .post(
    '/coupon/check',
    documented({
      summary:
        "Check a coupon code against these cart lines: 'Promo code successful' with what it takes off, or 400 COUPON_INVALID 'Coupon error' with the reason in `detail.reason` (COUPON_NOT_FOUND, COUPON_INACTIVE, COUPON_NOT_STARTED, COUPON_EXPIRED, COUPON_MIN_SPEND with `detail.min_spend`, COUPON_MEMBER_LIMIT, COUPON_USED_UP, COUPON_NO_EFFECT for a free-delivery coupon on goods that already ship free, with `detail.free_shipping_threshold`) and its message under `detail.code`. Checking uses nothing up: the use is counted when an order is placed. 30 checks per member and minute.",
      tags,
      response: dataSchema(CouponCheckSchema),
      auth: true,
      errors: {
        409: 'A line is unavailable (PRODUCT_UNAVAILABLE) or beyond the stock (OUT_OF_STOCK)',
        429: 'Too many checks (RATE_LIMITED, detail.retry_after seconds)',
      },
    }),
    requireUser(deps),
    validate('json', CouponCheckInputSchema),
    async (c) => c.json({ data: await checkCoupon(deps, c.get('session').user.id, c.req.valid('json'), c.get('locale')) }),
  )
}
