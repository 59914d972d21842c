import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { buildFilters, hasActiveFilters, indexForSort, SearchPageSchema } from './search-state'

const parse = (input: Record<string, unknown>) => v.parse(SearchPageSchema, input)

describe('SearchPageSchema', () => {
  it('reads every parameter of a shared link', () => {
    expect(parse({ keyword: ' 抹茶 ', category: 3, city: 'kyoto', trend: '2', stock: 'in_stock', price_min: 100, price_max: 900, sort: 'price_asc', page: 2 })).toEqual({
      keyword: '抹茶',
      category: 3,
      city: 'kyoto',
      trend: 2,
      stock: 'in_stock',
      price_min: 100,
      price_max: 900,
      sort: 'price_asc',
      page: 2,
    })
  })

  it('drops bad values instead of failing', () => {
    const state = parse({ keyword: '  ', category: 'abc', city: 'Kyoto!', stock: 'maybe', price_min: -5, sort: 'random', page: 0 })
    expect(state).toEqual({ keyword: undefined, category: undefined, city: undefined, trend: undefined, stock: undefined, price_min: undefined, price_max: undefined, sort: undefined, page: undefined })
  })

  it('drops numbers past what the API and the engine take', () => {
    expect(parse({ category: 99_999_999_999, trend: 2_147_483_648, price_max: 2_147_483_648, page: 1001 })).toMatchObject({ category: undefined, trend: undefined, price_max: undefined, page: undefined })
    expect(parse({ category: 2_147_483_647, page: 1000 })).toMatchObject({ category: 2_147_483_647, page: 1000 })
  })

  it('cuts a long keyword as the search box does, never through a character', () => {
    expect(parse({ keyword: ` ${'x'.repeat(40)}` }).keyword).toBe('x'.repeat(30))
    // 29 units, then an emoji of two: the whole emoji goes, not half of it
    expect(parse({ keyword: `${'x'.repeat(29)}🍵🍵` }).keyword).toBe('x'.repeat(29))
    expect(parse({ keyword: '🍵'.repeat(20) }).keyword).toBe('🍵'.repeat(15))
  })

  it('turns a numeric keyword back into text', () => {
    expect(parse({ keyword: 2024 }).keyword).toBe('2024')
  })
})

describe('buildFilters', () => {
  it('always limits the price, 0 to 5000 by default', () => {
    expect(buildFilters({})).toBe('price_min:0 TO 5000')
  })

  it('joins every facet with AND', () => {
    expect(buildFilters({ category: 3, city: 'kyoto', price_min: 100, price_max: 900, stock: 'in_stock', trend: 2 })).toBe(
      'price_min:100 TO 900 AND category_ids:3 AND city:"kyoto" AND trend_group_id:2 AND stock_status:in_stock',
    )
  })

  it('swaps a reversed price range', () => {
    expect(buildFilters({ price_min: 900, price_max: 100 })).toBe('price_min:100 TO 900')
  })

  it('leaves one facet out for its own counts', () => {
    expect(buildFilters({ category: 3, city: 'kyoto' }, 'city')).toBe('price_min:0 TO 5000 AND category_ids:3')
  })
})

describe('indexForSort and hasActiveFilters', () => {
  it('picks the replica for a price sort', () => {
    expect(indexForSort('products', undefined)).toBe('products')
    expect(indexForSort('products', 'price_asc')).toBe('products_price_asc')
    expect(indexForSort('products', 'price_desc')).toBe('products_price_desc')
  })

  it('counts the default price range as no filter', () => {
    expect(hasActiveFilters({ price_min: 0, price_max: 5000 })).toBe(false)
    expect(hasActiveFilters({ price_max: 1000 })).toBe(true)
    expect(hasActiveFilters({ city: 'osaka' })).toBe(true)
  })
})

describe('the rating filter', () => {
  it('reads 4 stars & up from a link and drops anything else', () => {
    expect(parse({ rating: '4' }).rating).toBe(4)
    expect(parse({ rating: 9 }).rating).toBeUndefined()
    expect(parse({ rating: 'x' }).rating).toBeUndefined()
  })

  it('adds a numeric comparison to the filters and counts as an active filter', () => {
    expect(buildFilters({ rating: 4 })).toBe('price_min:0 TO 5000 AND rating >= 4')
    expect(buildFilters({ rating: 4, city: 'kyoto' }, 'city')).toBe('price_min:0 TO 5000 AND rating >= 4')
    expect(hasActiveFilters({ rating: 4 })).toBe(true)
    expect(hasActiveFilters({})).toBe(false)
  })
})
