import { Hono } from 'hono'
import { COUPON_MESSAGES, CouponCheckInputSchema, CouponCheckSchema } from '../../../contract/coupon'
import { dataSchema } from '../../../contract/page'
import { translate } from '../../lib/messages'
import { documented, validate } from '../../lib/route'
import { requireUser } from '../auth/middleware'
import type { AuthDeps } from '../auth/service'
import { quoteOrder } from '../checkout/quote'

/** Coupons: check a code against the member's cart before paying. */
export function couponRoutes(deps: AuthDeps) {
  const tags = ['Coupons']
  const member = requireUser(deps)
  return new Hono().post(
    '/coupon/check',
    documented({
      summary:
        "Check a coupon code against these cart lines: 'Promo code successful' with what it takes off, or 400 COUPON_INVALID 'Coupon error' with the reason in `detail.reason` (COUPON_NOT_FOUND, COUPON_INACTIVE, COUPON_NOT_STARTED, COUPON_EXPIRED, COUPON_MIN_SPEND with `detail.min_spend`, COUPON_MEMBER_LIMIT, COUPON_USED_UP) and its message under `detail.code`. Checking uses nothing up: the use is counted when an order is placed.",
      tags,
      response: dataSchema(CouponCheckSchema),
      auth: true,
      errors: { 409: 'A line is unavailable (PRODUCT_UNAVAILABLE) or beyond the stock (OUT_OF_STOCK)' },
    }),
    member,
    validate('json', CouponCheckInputSchema),
    async (c) => {
      const input = c.req.valid('json')
      const quote = await quoteOrder(deps.db, {
        memberId: c.get('session').user.id,
        lines: input.lines,
        couponCode: input.code,
        couponField: 'code',
        shipment: 'home',
        now: deps.clock(),
        pricing: deps.config.checkout,
        locale: c.get('locale'),
      })
      return c.json({
        data: {
          message: translate(c.get('locale'), COUPON_MESSAGES.success),
          coupon: quote.coupon!,
          subtotal: quote.subtotal,
          discount: quote.discount,
          logistics_fee: quote.logistics_fee,
          amount: quote.amount,
        },
      })
    },
  )
}
