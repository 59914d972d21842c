/** How a coupon lowers the bill: a fixed amount of TWD, a percentage of the subtotal, or the logistics fee. */
export const COUPON_KINDS = ['fixed', 'percent', 'free_shipping'] as const
export type CouponKind = (typeof COUPON_KINDS)[number]
