import { describe, expect, it } from 'vitest'
import { ValueColumn } from './columns'
import { SEARCH_LIMITS } from './params'
import { checkFilter, FilterError, facetFilterTree, numericFilterTree, parseFacetFilters, parseFilterTree, parseFilters, parseNumericFilters, toDocumentPredicate, toPredicate } from './filters'

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

describe('filters over value columns', () => {
  const catalogue: Record<string, unknown>[] = [
    ...records,
    { id: 4, price_min: 650, city: 'osaka', categories: [], in_stock: 'TRUE', tags: ['gift', 1, '1'] },
    { id: 5, price_min: '650', city: ['kyoto', 'nara'], in_stock: null, tags: [true] },
    { id: 6, city: 'Kyoto' },
  ]
  const columns = new Map<string, ValueColumn>()
  const column = (attribute: string) => {
    let c = columns.get(attribute)
    if (!c) {
      c = new ValueColumn(attribute)
      catalogue.forEach((r, doc) => c!.set(doc, r))
      columns.set(attribute, c)
    }
    return c
  }
  const byColumns = (tree: ReturnType<typeof parseFilterTree>) => {
    const accept = toDocumentPredicate(tree, column)
    return catalogue.filter((_, doc) => !accept || accept(doc)).map((r) => r.id)
  }
  const byRecords = (tree: ReturnType<typeof parseFilterTree>) => catalogue.filter(toPredicate(tree)).map((r) => r.id)

  it('select the records the record predicate selects', () => {
    const conditions = [
      'city:kyoto',
      'city:Kyoto',
      'city:nara',
      'price_min = 650',
      'price_min:600 TO 700',
      'price_min < 1000',
      'in_stock:true',
      'in_stock:TRUE',
      'in_stock:false',
      'tags:1',
      'tags:true',
      'categories.category.name:Tea',
      'missing:x',
    ]
    let seed = 3
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
    const pick = () => conditions[Math.floor(next() * conditions.length)]!
    const filters = ['', ...conditions]
    for (let i = 0; i < 300; i++) filters.push(`${next() < 0.3 ? 'NOT ' : ''}${pick()} ${next() < 0.5 ? 'AND' : 'OR'} (${pick()} OR NOT ${pick()})`)
    for (const filter of filters) expect(byColumns(parseFilterTree(filter)), filter).toEqual(byRecords(parseFilterTree(filter)))
    for (const tree of [facetFilterTree(['city:-kyoto', ['tags:gift', 'in_stock:true']]), facetFilterTree([]), numericFilterTree(['price_min>=600', ['price_min<700']])]) {
      expect(byColumns(tree)).toEqual(byRecords(tree))
    }
    expect(byColumns(parseFilterTree('city:kyoto'))).toEqual([2, 3, 5])
  })

  it('let everything through without a condition', () => {
    expect(toDocumentPredicate(parseFilterTree(''), column)).toBeUndefined()
  })
})

describe('filter limits', () => {
  const scope = { facets: new Set(['city', 'price_min']), numeric: new Set(['rank']) }

  it('refuses nesting deeper than the limit, parentheses and NOTs alike, without overflowing the stack', () => {
    const depth = SEARCH_LIMITS.filterDepth
    expect(parseFilterTree(`${'('.repeat(depth)}city:kyoto${')'.repeat(depth)}`)).toEqual({ op: 'facet', attribute: 'city', value: 'kyoto' })
    expect(() => parseFilterTree(`${'('.repeat(depth + 1)}city:kyoto${')'.repeat(depth + 1)}`)).toThrow(new FilterError(`filters: Parentheses and NOT nest at most ${depth} deep at col ${depth + 1}, got '('`))
    expect(() => parseFilterTree(`${'NOT '.repeat(depth + 1)}city:kyoto`)).toThrow(FilterError)
    expect(() => parseFilterTree(`${'NOT ('.repeat(1000)}city:kyoto${')'.repeat(1000)}`)).toThrow(FilterError)
    // siblings are not nesting: a long flat chain is fine
    expect(parseFilterTree(Array.from({ length: 200 }, (_, i) => `(city:c${i})`).join(' OR '))).toMatchObject({ op: 'or' })
  })

  it('refuses a filter longer than the limit before reading it', () => {
    expect(() => parseFilterTree(`${'NOT '.repeat(20_000)}city:kyoto`)).toThrow(new FilterError(`filters: at most ${SEARCH_LIMITS.filterLength} characters`))
  })

  it('lets a query filter only on declared attributes: facets for values, facets or numeric ones for comparisons', () => {
    expect(() => checkFilter(parseFilterTree('city:kyoto AND price_min > 3 AND rank:1 TO 5 AND NOT rank < 2'), scope)).not.toThrow()
    expect(() => checkFilter(parseFilterTree('city:kyoto OR (NOT secret:x)'), scope)).toThrow(new FilterError("Cannot filter on attribute 'secret': it is not in attributesForFaceting"))
    expect(() => checkFilter(parseFilterTree('rank:5'), scope)).toThrow("'rank': it is not in attributesForFaceting")
    expect(() => checkFilter(parseFilterTree('stock >= 1'), scope)).toThrow("'stock': it is not in attributesForFaceting or numericAttributesForFiltering")
    expect(() => checkFilter(facetFilterTree([['city:kyoto', 'tag:x']]), scope)).toThrow(FilterError)
    expect(() => checkFilter(numericFilterTree(['rank>1', 'price_min<5']), scope)).not.toThrow()
  })

  it('counts conditions across the filter, the facet filters and the numeric filters', () => {
    const n = SEARCH_LIMITS.filterConditions
    const flat = (count: number) => parseFilterTree(Array.from({ length: count }, () => 'city:x').join(' OR '))
    expect(() => checkFilter(flat(n), scope)).not.toThrow()
    expect(() => checkFilter(flat(n + 1), scope)).toThrow(`at most ${n} conditions`)
    expect(() => checkFilter({ op: 'and', parts: [flat(n / 2), facetFilterTree(Array.from({ length: n / 2 + 1 }, () => 'city:y'))] }, scope)).toThrow(FilterError)
    expect(() => facetFilterTree(Array.from({ length: n + 1 }, () => 'city:y'))).toThrow(`facetFilters: at most ${n} conditions`)
  })
})
