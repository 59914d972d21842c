import { describe, expect, it } from 'vitest'
import { SearchEngine, type SearchRecord } from './engine'
import { AlgoliaError } from './params'

interface Result {
  hits: { objectID: string }[]
  nbHits: number
  nbPages: number
  facets?: Record<string, Record<string, number>>
  facets_stats?: Record<string, { min: number; max: number; avg: number; sum: number }>
}

const product = (objectID: string, name: string, fields: Partial<SearchRecord> = {}): SearchRecord => ({
  objectID,
  name,
  category: 'Snacks',
  city: 'osaka',
  price_min: 300,
  rank: 100,
  tags: [],
  ...fields,
})

function engineWith(records: SearchRecord[]) {
  const engine = new SearchEngine()
  engine.setSettings('products', {
    searchableAttributes: ['unordered(name)', 'category', 'city'],
    attributesForFaceting: ['city', 'category', 'tags', 'price_min', 'filterOnly(stock)'],
    customRanking: ['desc(rank)'],
    replicas: ['products_price_asc'],
  })
  engine.setSettings('products_price_asc', { ranking: ['asc(price_min)', 'typo', 'attribute', 'custom'] })
  engine.saveObjects('products', records)
  const search = (params: Record<string, unknown>, index = 'products') => engine.search(index, params) as unknown as Result
  const ids = (params: Record<string, unknown>, index = 'products') => search({ hitsPerPage: 100, ...params }, index).hits.map((h) => h.objectID)
  return { engine, search, ids }
}

describe('typo allowance', () => {
  const { ids } = engineWith([
    product('1', 'Kyoto Matcha Cookies', { city: 'kyoto' }),
    product('2', 'Hokkaido Chocolate Chips', { city: 'sapporo' }),
    product('3', 'Hokkaido Chocolates Box', { city: 'sapporo' }),
    product('4', 'Tea Bags'),
    product('5', 'Nara Deer Crackers', { city: 'nara' }),
  ])

  it('allows no typo below four letters', () => {
    expect(ids({ query: 'tea' })).toEqual(['4'])
    expect(ids({ query: 'tae' })).toEqual([])
  })

  it('allows one typo from four letters, a wrong first letter included', () => {
    expect(ids({ query: 'nora' })).toEqual(['5'])
    expect(ids({ query: 'xyoto' })).toEqual(['1'])
    expect(ids({ query: 'nxrx' })).toEqual([])
    // seven letters, still one
    expect(ids({ query: 'hxkkaid' })).toEqual([])
  })

  it('allows two typos from eight letters', () => {
    expect(ids({ query: 'hxkkaidx' }).sort()).toEqual(['2', '3'])
    expect(ids({ query: 'hxkkxidx' })).toEqual([])
  })

  it('tries one typo before two', () => {
    // one edit from "chocolates", two from "chocolate"
    expect(ids({ query: 'chlocolates' })).toEqual(['3'])
  })

  it('looks for typos only for a word that matches nothing as typed', () => {
    const { ids } = engineWith([product('1', 'Macha Latte', { rank: 1 }), product('2', 'Matcha Latte', { rank: 999 })])
    expect(ids({ query: 'macha' })).toEqual(['1'])
    expect(ids({ query: 'latte macha' })).toEqual(['1'])
  })

  it('counts a swap of two neighbouring letters as one typo', () => {
    const { ids } = engineWith([product('1', 'Matcha Latte', { city: 'osaka' })])
    expect(ids({ query: 'mtacha' })).toEqual(['1'])
    expect(ids({ query: 'latte oskaa' })).toEqual(['1'])
    // six letters allow one typo: a swap and a wrong letter are two
    expect(ids({ query: 'mtachx' })).toEqual([])
  })

  it('ranks a hit holding the word as typed before one found through a typo', () => {
    // no word is "sakura", so both are found within one typo: one word starts with it, one is a letter off
    const records = [product('1', 'Sakurajima Tea', { rank: 1 }), product('2', 'Sakuro Tea', { rank: 999 })]
    const { ids } = engineWith(records)
    expect(ids({ query: 'sakura tea' })).toEqual(['1', '2'])
    expect(ids({ query: 'sakura tea' }, 'products_price_asc')).toEqual(['1', '2'])
  })

  it('finds nothing with a typo when typoTolerance is false', () => {
    expect(ids({ query: 'xyoto', typoTolerance: false })).toEqual([])
    expect(ids({ query: 'kyoto', typoTolerance: false })).toEqual(['1'])
  })
})

describe('facet counts', () => {
  const records = [
    product('1', 'Matcha Cookies', { city: 'kyoto', category: 'Sweets', tags: ['gift', 'new'], price_min: 200 }),
    product('2', 'Matcha Latte', { city: 'kyoto', category: 'Drinks', tags: ['gift'], price_min: 400 }),
    product('3', 'Matcha Chocolate', { city: 'osaka', category: 'Sweets', tags: [], price_min: 600 }),
    product('4', 'Yuzu Soda', { city: 'osaka', category: 'Drinks', tags: ['new'], price_min: 150 }),
    product('5', 'Matcha Kit Kat', { city: 'tokyo', category: 'Sweets', tags: ['gift', 1, '1'], price_min: 300, stock: 'none' }),
  ]
  const { search } = engineWith(records)

  it('count every hit that passes the filters, not only the page', () => {
    const result = search({ query: 'matcha', filters: 'NOT city:tokyo', facets: ['city', 'category', 'tags', 'price_min'], hitsPerPage: 1 })
    expect(result.hits).toHaveLength(1)
    expect(result.nbHits).toBe(3)
    expect(result.facets).toEqual({ city: { kyoto: 2, osaka: 1 }, category: { Sweets: 2, Drinks: 1 }, tags: { gift: 2, new: 1 }, price_min: { '200': 1, '400': 1, '600': 1 } })
    expect(result.facets_stats).toEqual({ price_min: { min: 200, max: 600, avg: 400, sum: 1200 } })
  })

  it('order values by count, then by name, and keep at most maxValuesPerFacet', () => {
    const result = search({ query: '', facets: ['category', 'city'], maxValuesPerFacet: 2 })
    expect(Object.entries(result.facets!.category!)).toEqual([
      ['Sweets', 3],
      ['Drinks', 2],
    ])
    expect(Object.entries(result.facets!.city!)).toEqual([
      ['kyoto', 2],
      ['osaka', 2],
    ])
  })

  it('count values of different types with one string form as one value', () => {
    expect(search({ query: '', facets: ['tags'], filters: 'city:tokyo' }).facets).toEqual({ tags: { '1': 2, gift: 1 } })
  })

  it('count only attributes for faceting; `*` asks for all of them', () => {
    expect(search({ query: '', facets: ['name'] }).facets).toEqual({})
    expect(Object.keys(search({ query: '', facets: ['*'] }).facets!)).toEqual(['city', 'category', 'tags', 'price_min', 'stock'])
  })

  it('follow facetFilters and numericFilters as well', () => {
    const result = search({ query: 'matcha', facetFilters: [['city:kyoto', 'city:tokyo'], 'tags:-new'], numericFilters: ['price_min>=300'], facets: ['city'] })
    expect(result.facets).toEqual({ city: { kyoto: 1, tokyo: 1 } })
  })
})

describe('order of hits', () => {
  it('sorts a replica by its attribute first, then typos, attribute, custom ranking and objectID', () => {
    const { ids } = engineWith([
      product('9', 'Osaka Rice Crackers', { price_min: 300, rank: 5 }),
      product('10', 'Osaka Rice Crackers', { price_min: 300, rank: 5 }),
      product('11', 'Rice Crackers', { city: 'osaka', price_min: 300, rank: 900 }),
      product('12', 'Osaka Rice Crackers', { price_min: 300, rank: 50 }),
      product('13', 'Osaka Rice Crackers', { price_min: 100, rank: 1 }),
      product('14', 'Kobe Crackers', { city: 'kobe', price_min: 300, rank: 999 }),
    ])
    // 13 is cheapest; among price 300, osaka in the name (the first attribute) before osaka as the
    // city, then rank, then objectIDs as text: '10' before '9'
    expect(ids({ query: 'osaka' }, 'products_price_asc')).toEqual(['13', '12', '10', '9', '11'])
    expect(ids({ query: 'osaka crackers' }, 'products_price_asc')).toEqual(['13', '12', '10', '9', '11'])
    expect(ids({ query: '' }, 'products_price_asc')).toEqual(['13', '14', '11', '12', '10', '9'])
  })

  it('gives the same order page by page as in one long page', () => {
    const records = Array.from({ length: 300 }, (_, i) =>
      product(String(i + 1), i % 3 === 0 ? `Kyoto Matcha ${i}` : i % 3 === 1 ? `Matcha ${i}` : `Sencha ${i}`, { city: i % 3 === 2 ? 'matcha-town' : 'kyoto', price_min: (i * 37) % 500, rank: (i * 7) % 20 }),
    )
    const { search } = engineWith(records)
    for (const [index, query] of [
      ['products', 'matcha'],
      ['products', 'mtcha'],
      ['products_price_asc', 'matcha'],
      ['products_price_asc', ''],
    ] as const) {
      const all = search({ query, hitsPerPage: 1000 }, index).hits.map((h) => h.objectID)
      const paged: string[] = []
      for (let page = 0; page * 7 < all.length; page++) paged.push(...search({ query, hitsPerPage: 7, page }, index).hits.map((h) => h.objectID))
      expect(paged, `${index} ${query}`).toEqual(all)
      expect(all.length).toBeGreaterThan(50)
    }
  })
})

describe('writes', () => {
  it('keep words, facet values and sort keys current', () => {
    const { engine, search, ids } = engineWith([product('1', 'Matcha Cookies', { city: 'kyoto', price_min: 500 }), product('2', 'Matcha Latte', { city: 'osaka', price_min: 200 })])
    // facet values and sort keys are read once before the writes
    expect(search({ query: 'matcha', facets: ['city'], filters: 'city:kyoto' }).facets).toEqual({ city: { kyoto: 1 } })
    expect(ids({ query: '' }, 'products_price_asc')).toEqual(['2', '1'])

    engine.saveObjects('products', [product('1', 'Hojicha Cookies', { city: 'osaka', price_min: 100 }), product('3', 'Matcha Pudding', { city: 'kyoto', price_min: 300 })])
    expect(ids({ query: 'matcha' }).sort()).toEqual(['2', '3'])
    expect(ids({ query: 'hojicha' })).toEqual(['1'])
    expect(search({ query: '', facets: ['city'] }).facets).toEqual({ city: { osaka: 2, kyoto: 1 } })
    expect(ids({ query: '' }, 'products_price_asc')).toEqual(['1', '2', '3'])

    engine.deleteObjects('products', ['2'])
    expect(ids({ query: 'matcha' })).toEqual(['3'])
    expect(search({ query: '', facets: ['city'], filters: 'city:osaka' }).facets).toEqual({ city: { osaka: 1 } })

    engine.saveObjects('products', [product('2', 'Matcha Soda', { city: 'nara', price_min: 50 })])
    expect(ids({ query: 'soda' })).toEqual(['2'])
    expect(ids({ query: '' }, 'products_price_asc')).toEqual(['2', '1', '3'])
    expect(engine.listIndices().find((i) => i.name === 'products')?.entries).toBe(3)
  })

  it('index the words again when the searchable attributes change, and clear empties the index', () => {
    const { engine, ids } = engineWith([product('1', 'Matcha Cookies', { city: 'kyoto' })])
    expect(ids({ query: 'kyoto' })).toEqual(['1'])
    engine.setSettings('products', { searchableAttributes: ['name'] })
    expect(ids({ query: 'kyoto' })).toEqual([])
    expect(ids({ query: 'cookies' })).toEqual(['1'])
    engine.clear('products')
    expect(ids({ query: '' })).toEqual([])
    engine.saveObjects('products', [product('2', 'Yuzu Soda')])
    expect(ids({ query: 'yuzu' })).toEqual(['2'])
  })
})

describe('what a query may ask', () => {
  const { engine, search } = engineWith([product('1', 'Matcha Cookies', { city: 'kyoto', stock: 3 }), product('2', 'Yuzu Soda', { stock: 0 })])
  const refusal = (params: Record<string, unknown>) => {
    try {
      search(params)
    } catch (error) {
      return { status: (error as AlgoliaError).status, message: (error as Error).message }
    }
    return undefined
  }
  /** the value columns an index keeps: one per attribute a query has filtered or faceted on */
  const columns = () => (engine as unknown as { indexes: Map<string, { store: { valueColumns: Map<string, unknown> } }> }).indexes.get('products')!.store.valueColumns

  it('refuses filters on undeclared attributes without keeping anything for them', () => {
    const before = columns().size
    for (let i = 0; i < 200; i++) expect(refusal({ filters: `unknown_${i}:1` })?.status).toBe(400)
    expect(refusal({ numericFilters: ['rank>1'] })).toEqual({ status: 400, message: "Cannot filter on attribute 'rank': it is not in attributesForFaceting or numericAttributesForFiltering" })
    expect(columns().size).toBe(before)
    expect(search({ query: '', filters: 'stock > 0' }).nbHits).toBe(1)
  })

  it('compares numeric attributes declared for filtering only', () => {
    engine.setSettings('products', { numericAttributesForFiltering: ['rank'] })
    expect(search({ query: '', numericFilters: ['rank>=100'] }).nbHits).toBe(2)
    expect(refusal({ filters: 'rank:100' })?.status).toBe(400)
    expect(() => engine.setSettings('products', { numericAttributesForFiltering: 'rank' as unknown as string[] })).toThrow(AlgoliaError)
  })

  it('refuses a query over 512 bytes with Algolia’s message, 20,000 NOTs and 5,000 parentheses with a 400', () => {
    expect(refusal({ query: 'x'.repeat(512) })).toBeUndefined()
    expect(refusal({ query: 'é'.repeat(257) })).toEqual({ status: 400, message: 'Invalid value for "query" parameter, expected string shorter than 512 bytes' })
    expect(refusal({ query: 'x'.repeat(256 * 1024) })?.status).toBe(400)
    expect(refusal({ filters: `${'NOT '.repeat(20_000)}city:kyoto` })?.status).toBe(400)
    expect(refusal({ filters: `${'('.repeat(5000)}city:kyoto${')'.repeat(5000)}` })?.status).toBe(400)
    expect(refusal({ filters: `${'('.repeat(1000)}city:kyoto${')'.repeat(1000)}` })?.message).toContain('nest at most')
  })

  it('refuses prototype names wherever parameters come from', () => {
    expect(refusal(JSON.parse('{"__proto__":{"hitsPerPage":1}}'))).toEqual({ status: 400, message: 'Unknown parameter: __proto__' })
    expect(refusal({ params: 'constructor=1' })).toEqual({ status: 400, message: 'Unknown parameter: constructor' })
    expect(() => engine.setSettings('products', JSON.parse('{"__proto__":{"replicas":["x"]}}'))).toThrow('Unknown setting: __proto__')
    expect(({} as Record<string, unknown>).hitsPerPage).toBeUndefined()
  })

  it('returns only a record’s own attributes', () => {
    const hit = search({ query: 'matcha', attributesToRetrieve: ['name', 'constructor', '__proto__', 'toString'], attributesToHighlight: ['constructor', 'name'] }) as unknown as { hits: Record<string, unknown>[] }
    expect(Object.keys(hit.hits[0]!).sort()).toEqual(['_highlightResult', 'name', 'objectID'])
    expect(Object.keys(hit.hits[0]!._highlightResult as object)).toEqual(['name'])
  })
})
