import * as v from 'valibot'
import { CartLineInputSchema } from './cart'

/** How a coupon lowers the bill: a fixed amount of TWD, a percentage of the subtotal, or the logistics fee. */
export const COUPON_KINDS = ['fixed', 'percent', 'free_shipping'] as const
export type CouponKind = (typeof COUPON_KINDS)[number]

export const COUPON_MESSAGES = {
  /** the spec's answer to a wrong code, with the precise reason in `detail.reason` */
  error: 'Coupon error',
  success: 'Promo code successful',
  required: 'is required',
  invalid: 'is invalid',
  max32: 'may be at most 32 characters',
  noLines: 'Your cart is empty.',
  duplicateLine: 'lists the same variant twice',
  tooManyLines: 'is too long',
} as const

/** Why a coupon was refused: `detail.reason[0]` of a COUPON_INVALID error, with a message under the code's field. */
export const COUPON_REASONS = {
  COUPON_NOT_FOUND: 'This coupon code does not exist.',
  COUPON_INACTIVE: 'This coupon is no longer offered.',
  COUPON_NOT_STARTED: 'This coupon cannot be used yet.',
  COUPON_EXPIRED: 'This coupon has expired.',
  COUPON_MIN_SPEND: 'Your order does not reach this coupon’s minimum spend.',
  COUPON_MEMBER_LIMIT: 'You have already used this coupon.',
  COUPON_USED_UP: 'This coupon has been fully redeemed.',
  /** a free-delivery coupon on goods that already reach the free-delivery threshold; `detail.free_shipping_threshold` */
  COUPON_NO_EFFECT: 'This order already ships free, so this coupon adds nothing. Keep it for another order.',
} as const
export type CouponReason = keyof typeof COUPON_REASONS

/** Coupon codes are matched case-insensitively and written upper-case. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase()

export const couponCodeSchema = v.pipe(
  v.string(COUPON_MESSAGES.invalid),
  v.transform(normalizeCouponCode),
  v.nonEmpty(COUPON_MESSAGES.required),
  v.maxLength(32, COUPON_MESSAGES.max32),
)

/** The lines of a cart or order: at least one, each variant once, at most 100. */
export const OrderLinesSchema = v.pipe(
  v.array(CartLineInputSchema, COUPON_MESSAGES.invalid),
  v.minLength(1, COUPON_MESSAGES.noLines),
  v.maxLength(100, COUPON_MESSAGES.tooManyLines),
  v.check((lines) => new Set(lines.map((l) => l.variant_id)).size === lines.length, COUPON_MESSAGES.duplicateLine),
)

/** `POST /coupon/check`: does this code apply to this cart? */
export const CouponCheckInputSchema = v.object({ code: couponCodeSchema, lines: OrderLinesSchema }, COUPON_MESSAGES.required)
export type CouponCheckInput = v.InferOutput<typeof CouponCheckInputSchema>

/** A coupon as applied to a quote. */
export const CouponSummarySchema = v.object({
  code: v.string(),
  /** in the request's language */
  title: v.string(),
  kind: v.picklist(COUPON_KINDS),
  /** TWD for `fixed`, percent for `percent`, 0 for `free_shipping` */
  value: v.number(),
  /** the most a `percent` coupon takes off, or null */
  max_discount: v.nullable(v.number()),
  min_spend: v.number(),
  /** what it takes off the goods in this quote, integer TWD */
  discount: v.number(),
  /** whether it waives the logistics fee */
  free_shipping: v.boolean(),
  ends_at: v.nullable(v.string()),
})
export type CouponSummary = v.InferOutput<typeof CouponSummarySchema>

/** The answer of `POST /coupon/check`: 'Promo code successful', the coupon and what it does to this cart. */
export const CouponCheckSchema = v.object({
  /** 'Promo code successful', in the request's language */
  message: v.string(),
  coupon: CouponSummarySchema,
  subtotal: v.number(),
  discount: v.number(),
  logistics_fee: v.number(),
  amount: v.number(),
})
export type CouponCheck = v.InferOutput<typeof CouponCheckSchema>

/** A wallet coupon's state: usable now, not usable yet, used on an order (not cancelled), or past its end. */
export const WALLET_STATES = ['usable', 'not_started', 'used', 'expired'] as const
export type WalletState = (typeof WALLET_STATES)[number]

/** A coupon given to this member (a referral's welcome or thank-you), as `GET /user/coupons` lists it. */
export const WalletCouponSchema = v.object({
  code: v.string(),
  /** in the request's language */
  title: v.string(),
  kind: v.picklist(COUPON_KINDS),
  /** TWD for `fixed`, percent for `percent`, 0 for `free_shipping` */
  value: v.number(),
  max_discount: v.nullable(v.number()),
  /** goods of at least this much, whole TWD */
  min_spend: v.number(),
  /** ISO 8601, or null */
  starts_at: v.nullable(v.string()),
  ends_at: v.nullable(v.string()),
  state: v.picklist(WALLET_STATES),
  /** ISO 8601: when it was given */
  granted_at: v.string(),
})
export type WalletCoupon = v.InferOutput<typeof WalletCouponSchema>

/** `GET /user/coupons`: usable coupons first (soonest to end first), then the rest, newest first. */
export const CouponWalletSchema = v.object({ coupons: v.array(WalletCouponSchema) })
export type CouponWallet = v.InferOutput<typeof CouponWalletSchema>

/** What a referral gives each side (`GET /referral/programme`): whole TWD off goods of at least min_spend, valid `days` days. */
const ReferralCouponTermsSchema = v.object({ amount: v.number(), min_spend: v.number(), days: v.number() })
export const ReferralProgrammeSchema = v.object({ friend: ReferralCouponTermsSchema, reward: ReferralCouponTermsSchema })
export type ReferralProgramme = v.InferOutput<typeof ReferralProgrammeSchema>
