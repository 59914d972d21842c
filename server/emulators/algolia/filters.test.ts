import { describe, expect, it } from 'vitest'
import { FilterError, parseFacetFilters, parseFilters, parseNumericFilters } from './filters'

const records = [
  { id: 1, price_min: 180, city: 'osaka', categories: [{ category: { name: 'Snacks' } }], in_stock: true },
  { id: 2, price_min: 650, city: 'kyoto', categories: [{ category: { name: 'Tea' } }, { category: { name: 'Seasonal' } }], in_stock: true },
  { id: 3, price_min: 1200, city: 'kyoto', categories: [{ category: { name: 'Sweets' } }], in_stock: false },
]
const ids = (predicate: (r: Record<string, unknown>) => boolean) => records.filter(predicate).map((r) => r.id)

describe('filters', () => {
  it('matches facets, nested attributes, booleans and quoted values', () => {
    expect(ids(parseFilters('city:kyoto'))).toEqual([2, 3])
    expect(ids(parseFilters('categories.category.name:"Seasonal"'))).toEqual([2])
    expect(ids(parseFilters('in_stock:false'))).toEqual([3])
  })

  it('compares numbers and ranges', () => {
    expect(ids(parseFilters('price_min >= 650'))).toEqual([2, 3])
    expect(ids(parseFilters('price_min:0 TO 700'))).toEqual([1, 2])
    expect(ids(parseFilters('price_min != 650'))).toEqual([1, 3])
  })

  it('combines with AND, OR, NOT and parentheses, AND binding tighter than OR', () => {
    expect(ids(parseFilters('city:kyoto AND NOT in_stock:false'))).toEqual([2])
    expect(ids(parseFilters('city:osaka OR city:kyoto AND price_min > 1000'))).toEqual([1, 3])
    expect(ids(parseFilters('(city:osaka OR city:kyoto) AND price_min > 500'))).toEqual([2, 3])
    expect(ids(parseFilters(''))).toEqual([1, 2, 3])
  })

  it('refuses malformed filters, saying what is wrong and where', () => {
    expect(() => parseFilters('city:kyoto AND')).toThrow(new FilterError('filters: Expected an attribute at the end of the filter'))
    expect(() => parseFilters('(city:kyoto')).toThrow("filters: Expected ')' at the end of the filter")
    expect(() => parseFilters('price_min > cheap')).toThrow("filters: Expected a number at col 13 but got 'cheap'")
    expect(() => parseFilters('city kyoto')).toThrow("filters: Expected ':' or a comparison at col 6, got 'kyoto'")
    expect(() => parseFilters('city:"kyoto')).toThrow('Unterminated string')
  })

  it('reads facetFilters and numericFilters arrays', () => {
    expect(ids(parseFacetFilters(['city:kyoto', ['categories.category.name:Tea', 'categories.category.name:Sweets']]))).toEqual([2, 3])
    expect(ids(parseFacetFilters(['city:-kyoto']))).toEqual([1])
    expect(ids(parseNumericFilters(['price_min>=200', ['price_min<700']]))).toEqual([2])
    expect(ids(parseNumericFilters(['price_min:100 TO 200']))).toEqual([1])
    expect(() => parseNumericFilters(['price_min~3'])).toThrow(FilterError)
    expect(() => parseFacetFilters(['kyoto'])).toThrow(FilterError)
  })
})
