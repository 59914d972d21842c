import { COUPON_MESSAGES, COUPON_REASONS, normalizeCouponCode, type CouponReason, type CouponSummary } from '../../../contract/coupon'
import type { Locale } from '../../../contract/constants'
import type { DbOrTx } from '../../db/client'
import { AppError } from '../../lib/errors'
import * as repo from './repo'

export type { CouponRow } from './repo'

/**
 * 'Coupon error' (400 COUPON_INVALID): the precise reason is `detail.reason[0]`, its message sits
 * under the input field that named the code, and a minimum spend is given as `detail.min_spend`.
 */
export function couponError(reason: CouponReason, field: string, extra: Record<string, number> = {}) {
  return new AppError('COUPON_INVALID', 400, COUPON_MESSAGES.error, { [field]: [COUPON_REASONS[reason]], reason: [reason], ...extra })
}

/** What a coupon takes off `subtotal` (integer TWD, never more than the subtotal) and whether it waives delivery. */
export function couponEffect(coupon: Pick<repo.CouponRow, 'kind' | 'value' | 'max_discount'>, subtotal: number) {
  switch (coupon.kind) {
    case 'fixed':
      return { discount: Math.min(coupon.value, subtotal), freeShipping: false }
    case 'percent': {
      // half up to whole TWD, as the totals are (docs/decisions: totals and tax)
      const raw = Math.round((subtotal * coupon.value) / 100)
      return { discount: Math.min(raw, coupon.max_discount ?? raw, subtotal), freeShipping: false }
    }
    case 'free_shipping':
      return { discount: 0, freeShipping: true }
  }
}

/**
 * A free-delivery coupon on goods that already ship free would do nothing: it is refused
 * (COUPON_NO_EFFECT) rather than applied for NT$0, so that it is not used up on this order
 * (docs/decisions/0055). Throws a COUPON_INVALID error, or returns.
 */
export function refuseIfNothing(coupon: Pick<repo.CouponRow, 'kind'>, subtotal: number, freeShippingThreshold: number, field = 'coupon_code') {
  if (coupon.kind === 'free_shipping' && subtotal >= freeShippingThreshold) throw couponError('COUPON_NO_EFFECT', field, { free_shipping_threshold: freeShippingThreshold })
}

/** Why `coupon` cannot be used now on `subtotal` by a member with this usage, or null when it can. */
export function refusal(coupon: repo.CouponRow, used: { total: number; member: number }, subtotal: number, now: Date): CouponReason | null {
  if (!coupon.active) return 'COUPON_INACTIVE'
  if (coupon.starts_at && now < coupon.starts_at) return 'COUPON_NOT_STARTED'
  if (coupon.ends_at && now >= coupon.ends_at) return 'COUPON_EXPIRED'
  if (coupon.total_limit !== null && used.total >= coupon.total_limit) return 'COUPON_USED_UP'
  if (coupon.per_member_limit !== null && used.member >= coupon.per_member_limit) return 'COUPON_MEMBER_LIMIT'
  if (subtotal < coupon.min_spend) return 'COUPON_MIN_SPEND'
  return null
}

export interface CouponUse {
  code: string
  memberId: number
  /** the goods' subtotal, integer TWD, for the minimum spend */
  subtotal: number
  now: Date
  /** the input field the code came in, where the error message goes */
  field?: string
}

async function usableCoupon(db: DbOrTx, use: CouponUse, lock: boolean) {
  const field = use.field ?? 'coupon_code'
  const coupon = await repo.findByCode(db, normalizeCouponCode(use.code), lock)
  // another member's own coupon (a referral's) is as good as missing
  if (!coupon || (coupon.owner_id !== null && coupon.owner_id !== use.memberId)) throw couponError('COUPON_NOT_FOUND', field)
  const reason = refusal(coupon, await repo.usage(db, coupon.id, use.memberId), use.subtotal, use.now)
  if (reason) throw couponError(reason, field, reason === 'COUPON_MIN_SPEND' ? { min_spend: coupon.min_spend } : {})
  return coupon
}

/** The coupon if this member may use it on this subtotal now; else a COUPON_INVALID error. Reads only. */
export const findUsableCoupon = (db: DbOrTx, use: CouponUse) => usableCoupon(db, use, false)

/** What a coupon is, as every answer about it starts: its code, title in the reader's language and terms. */
export const couponTerms = (coupon: repo.CouponRow, locale: Locale) => ({
  code: coupon.code,
  title: coupon.title[locale],
  kind: coupon.kind,
  value: coupon.value,
  max_discount: coupon.max_discount,
  min_spend: coupon.min_spend,
})

export function couponSummary(coupon: repo.CouponRow, subtotal: number, locale: Locale): CouponSummary {
  const effect = couponEffect(coupon, subtotal)
  return {
    ...couponTerms(coupon, locale),
    discount: effect.discount,
    free_shipping: effect.freeShipping,
    ends_at: coupon.ends_at?.toISOString() ?? null,
  }
}

/**
 * Records one use of a coupon for an order. Call it inside the order's transaction: the coupon's row
 * stays locked until that transaction ends, so concurrent orders are counted one after the other
 * and neither the total nor the per-member limit can be overrun. Throws COUPON_INVALID like the
 * quote does (e.g. COUPON_USED_UP when the last use went to someone else in the meantime).
 */
export async function redeemCoupon(tx: DbOrTx, use: CouponUse & { orderId?: number | null }) {
  const coupon = await usableCoupon(tx, use, true)
  const redemption = await repo.insertRedemption(tx, { coupon_id: coupon.id, user_id: use.memberId, order_id: use.orderId ?? null, created_at: use.now })
  return { redemptionId: redemption.id, couponId: coupon.id, ...couponEffect(coupon, use.subtotal) }
}

/**
 * Gives a use back when its order is cancelled or expires: it no longer counts against the limits.
 * Answers whether something was released (false the second time).
 */
export async function releaseRedemption(tx: DbOrTx, where: { redemptionId: number } | { orderId: number }, now: Date) {
  return (await repo.release(tx, where, now)).length > 0
}
