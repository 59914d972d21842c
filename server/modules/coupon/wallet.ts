import type { CouponWallet, WalletCoupon, WalletState } from '../../../contract/coupon'
import type { Locale } from '../../../contract/constants'
import type { DbOrTx } from '../../db/client'
import * as repo from './repo'
import { couponTerms } from './service'

/** A wallet coupon's state now; a coupon the shop switched off counts as ended. */
export function walletState(coupon: Pick<repo.CouponRow, 'active' | 'starts_at' | 'ends_at'>, used: boolean, now: Date): WalletState {
  if (used) return 'used'
  if (!coupon.active || (coupon.ends_at && now >= coupon.ends_at)) return 'expired'
  if (coupon.starts_at && now < coupon.starts_at) return 'not_started'
  return 'usable'
}

const ORDER: Record<WalletState, number> = { usable: 0, not_started: 1, used: 2, expired: 3 }
const time = (d: Date | null, none: number) => d?.getTime() ?? none

/** `GET /user/coupons`: the member's own coupons, usable ones first and the soonest to end first among them. */
export async function couponWallet(db: DbOrTx, userId: number, locale: Locale, now: Date): Promise<CouponWallet> {
  const rows = (await repo.ownedBy(db, userId)).map(({ coupon, used }) => ({ coupon, state: walletState(coupon, used, now) }))
  rows.sort(
    (a, b) =>
      ORDER[a.state] - ORDER[b.state] ||
      (a.state === 'usable' ? time(a.coupon.ends_at, Infinity) - time(b.coupon.ends_at, Infinity) : b.coupon.created_at.getTime() - a.coupon.created_at.getTime()) ||
      b.coupon.id - a.coupon.id,
  )
  return {
    coupons: rows.map(
      ({ coupon, state }): WalletCoupon => ({
        ...couponTerms(coupon, locale),
        starts_at: coupon.starts_at?.toISOString() ?? null,
        ends_at: coupon.ends_at?.toISOString() ?? null,
        state,
        granted_at: coupon.created_at.toISOString(),
      }),
    ),
  }
}
