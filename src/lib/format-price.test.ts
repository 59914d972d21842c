import { describe, expect, it } from 'vitest'
import { formatPrice, formatPriceRange } from './format-price'

describe('formatPrice', () => {
  it('writes whole TWD with the NT$ symbol and thousands separators', () => {
    expect(formatPrice(0)).toBe('NT$0')
    expect(formatPrice(999)).toBe('NT$999')
    expect(formatPrice(1234)).toBe('NT$1,234')
    expect(formatPrice(1234567)).toBe('NT$1,234,567')
  })

  it('rounds stray decimals and keeps the sign in front', () => {
    expect(formatPrice(1234.6)).toBe('NT$1,235')
    expect(formatPrice(-50)).toBe('-NT$50')
  })
})

describe('formatPriceRange', () => {
  it('shows one price when both ends are equal', () => {
    expect(formatPriceRange(450, 450)).toBe('NT$450')
  })

  it('shows min ~ max, whatever order they come in', () => {
    expect(formatPriceRange(180, 1540)).toBe('NT$180 ~ NT$1,540')
    expect(formatPriceRange(1540, 180)).toBe('NT$180 ~ NT$1,540')
  })
})
