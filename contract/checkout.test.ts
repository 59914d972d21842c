import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { includedTax, QuoteInputSchema } from './checkout'
import { COUPON_MESSAGES, CouponCheckInputSchema } from './coupon'

describe('includedTax', () => {
  it('is the 5% business tax inside a tax-inclusive amount, rounded half up to whole TWD', () => {
    expect(includedTax(1050)).toBe(50)
    expect(includedTax(2100)).toBe(100)
    expect(includedTax(100)).toBe(5) // 4.76
    expect(includedTax(21)).toBe(1) // 1.0
    expect(includedTax(31)).toBe(1) // 1.476
    expect(includedTax(32)).toBe(2) // 1.524
    expect(includedTax(0)).toBe(0)
  })
})

describe('QuoteInputSchema and CouponCheckInputSchema', () => {
  const line = { product_id: 1, variant_id: 2, quantity: 1 }

  it('normalises the coupon code and defaults to home delivery', () => {
    expect(v.parse(QuoteInputSchema, { lines: [line], coupon_code: ' welcome100 ' })).toEqual({ lines: [line], coupon_code: 'WELCOME100', shipment: 'home' })
    expect(v.parse(CouponCheckInputSchema, { code: 'matcha10', lines: [line] })).toEqual({ code: 'MATCHA10', lines: [line] })
  })

  it('refuses an empty cart, a variant listed twice, a bad quantity and an unknown delivery', () => {
    const issues = (input: unknown) => {
      const result = v.safeParse(QuoteInputSchema, input)
      return result.success ? {} : v.flatten<typeof QuoteInputSchema>(result.issues).nested
    }
    expect(issues({ lines: [] })).toEqual({ lines: [COUPON_MESSAGES.noLines] })
    expect(issues({ lines: [line, { ...line, quantity: 2 }] })).toEqual({ lines: [COUPON_MESSAGES.duplicateLine] })
    expect(issues({ lines: [{ ...line, quantity: 0 }] })).toEqual({ 'lines.0.quantity': ['is too small'] })
    expect(issues({ lines: [line], shipment: 'store' })).toEqual({ shipment: ['is not one of the allowed values'] })
    expect(issues({ lines: [line], coupon_code: '   ' })).toEqual({ coupon_code: [COUPON_MESSAGES.required] })
  })
})
