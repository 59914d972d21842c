import { i18n } from '@lingui/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import type { WalletCoupon } from '../../../../contract/coupon'
import { couponProblem, walletOffer } from './coupon-field'

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})

describe('couponProblem', () => {
  it('says how much the minimum spend is', () => {
    const error = new ApiError(400, 'COUPON_INVALID', 'Coupon error', {
      coupon_code: ['Your order does not reach this coupon’s minimum spend.'],
      reason: ['COUPON_MIN_SPEND'],
      min_spend: 800,
    })
    expect(couponProblem(error)).toBe('Coupon error: Your order does not reach this coupon’s minimum spend of NT$800.')
  })

  it('gives the server’s reason for any other refusal', () => {
    const error = new ApiError(400, 'COUPON_INVALID', 'Coupon error', { code: ['This coupon has expired.'], reason: ['COUPON_EXPIRED'] })
    expect(couponProblem(error)).toBe('Coupon error: This coupon has expired.')
  })
})

describe('walletOffer', () => {
  const coupon = (over: Partial<WalletCoupon>): WalletCoupon => ({
    code: 'FRIEND-A',
    title: 'Welcome gift: NT$100 off',
    kind: 'fixed',
    value: 100,
    max_discount: null,
    min_spend: 500,
    starts_at: null,
    ends_at: '2026-12-31T00:00:00Z',
    state: 'usable',
    granted_at: '2026-11-01T00:00:00Z',
    ...over,
  })

  it('offers the usable coupon that takes most off a cart within its minimum spend', () => {
    const coupons = [coupon({ code: 'A' }), coupon({ code: 'B', value: 150 }), coupon({ code: 'USED', value: 500, state: 'used' }), coupon({ code: 'OLD', value: 500, state: 'expired' })]
    expect(walletOffer(coupons, 600).fits?.code).toBe('B')
    expect(walletOffer([coupon({ code: 'A', ends_at: '2027-01-01T00:00:00Z' }), coupon({ code: 'SOON' })], 600).fits?.code).toBe('SOON')
  })

  it('names the coupon a cart under its minimum spend could use, and offers nothing used or expired', () => {
    expect(walletOffer([coupon({ code: 'A', min_spend: 800 })], 600)).toEqual({ fits: undefined, short: expect.objectContaining({ code: 'A' }) })
    expect(walletOffer([coupon({ state: 'used' }), coupon({ state: 'expired' })], 600)).toEqual({ fits: undefined, short: undefined })
  })
})
