import { describe, expect, it } from 'vitest'
import type { CouponRow } from './repo'
import { couponEffect, refusal } from './service'

const coupon = (overrides: Partial<CouponRow> = {}): CouponRow => ({
  id: 1,
  code: 'TEST',
  title: { zh_tw: '測試', en: 'Test', ja: 'テスト' },
  kind: 'fixed',
  value: 100,
  max_discount: null,
  min_spend: 0,
  owner_id: null,
  starts_at: null,
  ends_at: null,
  per_member_limit: null,
  total_limit: null,
  active: true,
  created_at: new Date(0),
  updated_at: new Date(0),
  ...overrides,
})

describe('couponEffect', () => {
  it('takes a fixed amount off, never more than the subtotal', () => {
    expect(couponEffect(coupon({ value: 100 }), 800)).toEqual({ discount: 100, freeShipping: false })
    expect(couponEffect(coupon({ value: 1000 }), 280)).toEqual({ discount: 280, freeShipping: false })
  })

  it('takes a percentage off, half up to whole TWD, within its cap and the subtotal', () => {
    expect(couponEffect(coupon({ kind: 'percent', value: 10 }), 1005).discount).toBe(101) // 100.5
    expect(couponEffect(coupon({ kind: 'percent', value: 10 }), 1004).discount).toBe(100) // 100.4
    expect(couponEffect(coupon({ kind: 'percent', value: 15 }), 650).discount).toBe(98) // 97.5
    expect(couponEffect(coupon({ kind: 'percent', value: 10, max_discount: 300 }), 5000).discount).toBe(300)
    expect(couponEffect(coupon({ kind: 'percent', value: 100 }), 777).discount).toBe(777)
  })

  it('waives delivery for a free-shipping coupon and takes nothing off the goods', () => {
    expect(couponEffect(coupon({ kind: 'free_shipping', value: 0 }), 500)).toEqual({ discount: 0, freeShipping: true })
  })
})

describe('refusal', () => {
  const now = new Date('2026-11-21T09:00:00Z')
  const unused = { total: 0, member: 0 }

  it('accepts a usable coupon', () => {
    expect(refusal(coupon({ starts_at: new Date('2026-11-21T09:00:00Z'), ends_at: new Date('2026-11-21T09:00:01Z') }), unused, 0, now)).toBeNull()
  })

  it('names why a coupon cannot be used', () => {
    expect(refusal(coupon({ active: false }), unused, 1000, now)).toBe('COUPON_INACTIVE')
    expect(refusal(coupon({ starts_at: new Date('2026-11-21T09:00:01Z') }), unused, 1000, now)).toBe('COUPON_NOT_STARTED')
    expect(refusal(coupon({ ends_at: now }), unused, 1000, now)).toBe('COUPON_EXPIRED')
    expect(refusal(coupon({ total_limit: 5 }), { total: 5, member: 0 }, 1000, now)).toBe('COUPON_USED_UP')
    expect(refusal(coupon({ total_limit: 5 }), { total: 4, member: 0 }, 1000, now)).toBeNull()
    expect(refusal(coupon({ per_member_limit: 1 }), { total: 1, member: 1 }, 1000, now)).toBe('COUPON_MEMBER_LIMIT')
    expect(refusal(coupon({ min_spend: 800 }), unused, 799, now)).toBe('COUPON_MIN_SPEND')
    expect(refusal(coupon({ min_spend: 800 }), unused, 800, now)).toBeNull()
  })
})
