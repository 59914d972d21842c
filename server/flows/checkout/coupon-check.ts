import { COUPON_MESSAGES, type CouponCheck, type CouponCheckInput } from '../../../contract/coupon'
import type { Locale } from '../../../contract/constants'
import { AppError } from '../../lib/errors'
import { translate } from '../../lib/messages'
import { hit } from '../../core/rate-limit'
import type { ServiceDeps } from '../../core/deps'
import { priceOrder } from './quote'

/** Checks per member and minute: enough for typing, too few to try codes by the thousand. */
const CHECKS_PER_MINUTE = 30

/** `POST /coupon/check`: the quote of these lines with the code, or the quote's COUPON_INVALID error. Uses nothing up. */
export async function checkCoupon(deps: ServiceDeps, memberId: number, input: CouponCheckInput, locale: Locale): Promise<CouponCheck> {
  const limit = await hit(deps.db, deps.clock, `coupon-check:${memberId}`, CHECKS_PER_MINUTE, 60_000)
  if (!limit.allowed) throw new AppError('RATE_LIMITED', 429, 'Too many requests; please wait a moment and try again.', { retry_after: limit.retryAfter })
  const { quote } = await priceOrder(deps.db, {
    memberId,
    lines: input.lines,
    couponCode: input.code,
    couponField: 'code',
    shipment: 'home',
    now: deps.clock(),
    pricing: deps.config.checkout,
    locale,
  })
  return {
    message: translate(locale, COUPON_MESSAGES.success),
    coupon: quote.coupon!,
    subtotal: quote.subtotal,
    discount: quote.discount,
    logistics_fee: quote.logistics_fee,
    amount: quote.amount,
  }
}
