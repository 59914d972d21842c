import { i18n } from '@lingui/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import { couponProblem } from './coupon-field'

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
