import { describe, expect, it } from 'vitest'
import { SearchEngine, type SearchRecord } from './engine'
import { AlgoliaError } from './params'
import { SYNONYM_LIMITS } from './synonyms'

interface Result {
  hits: { objectID: string; _highlightResult?: Record<string, { value: string; matchLevel: string }> }[]
  nbHits: number
}

const product = (objectID: string, name: string, fields: Partial<SearchRecord> = {}): SearchRecord => ({ objectID, name, category: 'Sweets', rank: 100, price_min: 100, ...fields })

function engineWith(records: SearchRecord[], alternativesAsExact = ['ignorePlurals']) {
  const engine = new SearchEngine()
  engine.setSettings('products', { searchableAttributes: ['unordered(name)', 'category'], customRanking: ['desc(rank)'], replicas: ['products_price_asc'], alternativesAsExact })
  engine.setSettings('products_price_asc', { ranking: ['asc(price_min)'] })
  engine.saveObjects('products', records)
  const search = (params: Record<string, unknown>, index = 'products') => engine.search(index, params) as unknown as Result
  const ids = (query: string, index = 'products') => search({ query, hitsPerPage: 100 }, index).hits.map((h) => h.objectID)
  return { engine, search, ids }
}

/** The status and message an engine call is refused with. */
const refusal = (call: () => unknown) => {
  try {
    call()
  } catch (error) {
    if (error instanceof AlgoliaError) return { status: error.status, message: error.message }
    throw error
  }
  return undefined
}

const RECORDS = [
  product('1', '甘王草莓巧克力麻糬', { rank: 900 }),
  product('2', 'Strawberry Daifuku', { rank: 100 }),
  product('3', 'Butter Cookies', { rank: 500 }),
  product('4', '抹茶麻糬', { rank: 800 }),
  product('5', 'Matcha Latte', { rank: 700, category: 'Drinks' }),
  product('6', '大阪城沙布列', { rank: 300 }),
  product('7', 'Sencha', { rank: 50, category: 'Tea' }),
]

describe('synonyms', () => {
  it('make every word of a regular synonym find the others, and a one-way input its synonyms only', () => {
    const { engine, ids } = engineWith(RECORDS)
    expect(ids('biscuits')).toEqual([])
    expect(ids('daifuku')).toEqual(['2'])
    engine.saveSynonyms('products', [
      { objectID: 'biscuits', type: 'synonym', synonyms: ['biscuits', 'cookies'] },
      { objectID: 'daifuku', type: 'onewaysynonym', input: 'daifuku', synonyms: ['麻糬'] },
    ])
    expect(ids('biscuits')).toEqual(['3'])
    expect(ids('cookies')).toEqual(['3'])
    // the word typed first, then the synonym's hits by custom ranking
    expect(ids('daifuku')).toEqual(['2', '1', '4'])
    // one way: 麻糬 does not find daifuku
    expect(ids('麻糬')).toEqual(['1', '4'])
  })

  it('match a phrase of several words, and CJK words inside a longer run, as dictionary segmentation would', () => {
    const { engine, ids } = engineWith(RECORDS)
    engine.saveSynonyms('products', [
      { objectID: 'wagashi', type: 'onewaysynonym', input: 'japanese sweets', synonyms: ['麻糬', 'sencha'] },
      { objectID: 'daifuku', type: 'onewaysynonym', input: '大福', synonyms: ['麻糬'] },
    ])
    expect(ids('japanese sweets')).toEqual(['1', '4', '7'])
    // "japanese" alone is no synonym
    expect(ids('japanese')).toEqual([])
    // 抹茶大福: 抹茶 as typed, 大福 or 麻糬; the pair 茶大 across the two words is not asked for
    expect(ids('抹茶大福')).toEqual(['4'])
    expect(ids('大福 抹茶')).toEqual(['4'])
  })

  it('keep a character left beside a synonym in a run: 豆大福 still finds 黒豆大福, whose words are 黒豆 and 大福', () => {
    const { engine, ids } = engineWith([...RECORDS, product('8', '黒豆大福', { rank: 10 })])
    expect(ids('豆大福')).toEqual(['8'])
    engine.saveSynonyms('products', [{ objectID: 'daifuku', type: 'onewaysynonym', input: '大福', synonyms: ['麻糬'] }])
    expect(ids('豆大福')).toEqual(['8'])
  })

  it('take no typo on a synonym, while the words typed keep their typo allowance and last-word prefix', () => {
    const { engine, ids } = engineWith(RECORDS)
    engine.saveSynonyms('products', [{ objectID: 'tea', type: 'onewaysynonym', input: 'green tea', synonyms: ['sencha'] }])
    expect(ids('green tea')).toEqual(['7'])
    engine.saveSynonyms('products', [{ objectID: 'latte', type: 'onewaysynonym', input: 'milk', synonyms: ['lattte'] }])
    expect(ids('milk')).toEqual([])
    engine.saveSynonyms('products', [{ objectID: 'matcha', type: 'onewaysynonym', input: 'matcha', synonyms: ['sencha'] }])
    // "mtacha" is a typo of matcha (one swap), so no synonym applies; "matcha" finds both
    expect(ids('mtacha')).toEqual(['5'])
    expect(ids('matcha')).toEqual(['5', '7'])
    expect(ids('matcha latt')).toEqual(['5'])
  })

  it('rank the word as typed before a synonym in the same attribute, and highlight both', () => {
    const records = [product('1', 'Kyoto Cookies', { rank: 1 }), product('2', 'Kyoto Biscuits', { rank: 999 }), product('3', 'Kyoto Butter Sweets', { rank: 500 })]
    const synonyms = [
      { objectID: 'b', type: 'synonym', synonyms: ['biscuits', 'cookies'] },
      { objectID: 's', type: 'onewaysynonym', input: 'cookies', synonyms: ['butter sweets'] },
    ]
    const { engine, search } = engineWith(records)
    engine.saveSynonyms('products', synonyms)
    const result = search({ query: 'kyoto cookies' })
    expect(result.hits.map((h) => h.objectID)).toEqual(['1', '2', '3'])
    expect(result.hits[1]!._highlightResult!.name).toEqual(expect.objectContaining({ value: '<em>Kyoto</em> <em>Biscuits</em>', matchLevel: 'full' }))
    // Algolia's default counts a one-word synonym as exact (custom ranking decides), a phrase not
    const byDefault = engineWith(records, ['ignorePlurals', 'singleWordSynonym'])
    byDefault.engine.saveSynonyms('products', synonyms)
    expect(byDefault.ids('kyoto cookies')).toEqual(['2', '1', '3'])
    const phrasesToo = engineWith(records, ['singleWordSynonym', 'multiWordsSynonym'])
    phrasesToo.engine.saveSynonyms('products', synonyms)
    expect(phrasesToo.ids('kyoto cookies')).toEqual(['2', '3', '1'])
    expect(refusal(() => engineWith(records, ['everything']))).toEqual({ status: 400, message: 'Invalid value for "alternativesAsExact": everything' })
  })

  it('belong to each index: forwardToReplicas copies a change to the replicas, replaceExistingSynonyms drops the others', () => {
    const { engine, ids } = engineWith(RECORDS)
    engine.saveSynonyms('products', [{ objectID: 'b', type: 'synonym', synonyms: ['biscuits', 'cookies'] }])
    expect(ids('biscuits', 'products_price_asc')).toEqual([])
    engine.saveSynonyms('products', [{ objectID: 'd', type: 'onewaysynonym', input: 'daifuku', synonyms: ['麻糬'] }], { forwardToReplicas: true, replaceExistingSynonyms: true })
    expect(ids('biscuits')).toEqual([])
    expect(ids('daifuku', 'products_price_asc').sort()).toEqual(['1', '2', '4'])
    expect(engine.searchSynonyms('products', {})).toEqual({ hits: [{ objectID: 'd', type: 'onewaysynonym', input: 'daifuku', synonyms: ['麻糬'] }], nbHits: 1 })
    engine.deleteSynonym('products', 'd', { forwardToReplicas: true })
    expect(ids('daifuku', 'products_price_asc')).toEqual(['2'])
    expect(refusal(() => engine.getSynonym('products', 'd'))).toEqual({ status: 404, message: 'Synonym set does not exist' })
  })

  it('are saved, read, searched, deleted and cleared one by one', () => {
    const { engine } = engineWith(RECORDS)
    expect(engine.saveSynonym('products', 'one', { objectID: 'ignored', type: 'oneWaySynonym', input: 'tea', synonyms: ['sencha'] })).toMatchObject({ taskID: expect.any(Number), id: 'one' })
    engine.saveSynonym('products', 'two', { type: 'synonym', synonyms: ['菓子', 'sweets'] })
    expect(engine.getSynonym('products', 'one')).toEqual({ objectID: 'one', type: 'onewaysynonym', input: 'tea', synonyms: ['sencha'] })
    expect(engine.searchSynonyms('products', { query: 'SENCHA' }).hits.map((h) => h.objectID)).toEqual(['one'])
    expect(engine.searchSynonyms('products', { type: 'synonym' }).hits.map((h) => h.objectID)).toEqual(['two'])
    expect(engine.searchSynonyms('products', { hitsPerPage: 1, page: 1 })).toEqual({ hits: [expect.objectContaining({ objectID: 'two' })], nbHits: 2 })
    engine.clearSynonyms('products')
    expect(engine.searchSynonyms('products', {}).nbHits).toBe(0)
  })

  it('refuse bad shapes, unknown and unsupported types, and sizes past the limits, changing nothing', () => {
    const { engine, ids } = engineWith(RECORDS)
    const save = (hits: unknown[]) => refusal(() => engine.saveSynonyms('products', hits, { forwardToReplicas: true }))
    expect(save([{ objectID: 'x', type: 'synonym', synonyms: ['only one'] }])).toMatchObject({ status: 400, message: expect.stringContaining('synonyms') })
    expect(save([{ objectID: 'x', type: 'altCorrection1', word: 'a', corrections: ['b'] }])).toEqual({ status: 400, message: 'Unsupported synonym type: altCorrection1 (this engine has synonym and onewaysynonym)' })
    expect(save([{ objectID: 'x', type: 'antonym', synonyms: ['a', 'b'] }])?.status).toBe(400)
    expect(save([{ objectID: 'x', type: 'onewaysynonym', synonyms: ['a'] }])?.message).toContain('input')
    expect(save([{ objectID: 'x', type: 'synonym', synonyms: ['a', 2] }])?.status).toBe(400)
    expect(save([{ objectID: 'x', type: 'synonym', synonyms: ['a', '!!!'] }])?.message).toContain('a letter or digit')
    expect(save([{ objectID: '', type: 'synonym', synonyms: ['a', 'b'] }])?.status).toBe(400)
    expect(save([{ objectID: 'x', type: 'synonym', synonyms: ['a', 'x'.repeat(SYNONYM_LIMITS.wordLength + 1)] }])?.status).toBe(400)
    expect(save([{ objectID: 'x', type: 'synonym', synonyms: Array.from({ length: SYNONYM_LIMITS.wordsPerSynonym + 1 }, (_, i) => `w${i}`) }])?.status).toBe(400)
    expect(save([JSON.parse('{"objectID":"x","type":"synonym","synonyms":["a","b"],"__proto__":{"probe":1}}')])?.status).toBe(400)
    expect(save([null])?.status).toBe(400)
    // a good object before a bad one is not kept either
    expect(save([{ objectID: 'ok', type: 'synonym', synonyms: ['biscuits', 'cookies'] }, { objectID: 'bad', type: 'synonym' }])?.status).toBe(400)
    expect(ids('biscuits')).toEqual([])
    expect(({} as Record<string, unknown>).probe).toBeUndefined()
  })

  it(`hold at most ${SYNONYM_LIMITS.perIndex} per index, and answer queries with every one at its largest`, () => {
    const { engine, ids } = engineWith(RECORDS)
    const largest = Array.from({ length: SYNONYM_LIMITS.perIndex }, (_, i) => ({ objectID: `s${i}`, type: 'synonym', synonyms: Array.from({ length: SYNONYM_LIMITS.wordsPerSynonym }, (_, k) => (i === 0 && k === 0 ? 'sencha' : `w${i}x${k}`)) }))
    engine.saveSynonyms('products', largest)
    expect(ids('w0x99')).toEqual(['7'])
    expect(ids('w1x1 sencha')).toEqual([])
    const many = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ objectID: `s${from + i}`, type: 'synonym', synonyms: [`a${from + i}`, `b${from + i}`] }))
    engine.saveSynonyms('products', many(0, SYNONYM_LIMITS.perIndex), { replaceExistingSynonyms: true })
    expect(refusal(() => engine.saveSynonyms('products', many(SYNONYM_LIMITS.perIndex, 1)))).toEqual({ status: 400, message: `Too many synonyms: an index holds at most ${SYNONYM_LIMITS.perIndex}` })
    // replacing them all stays within the cap
    engine.saveSynonyms('products', many(SYNONYM_LIMITS.perIndex, 10), { replaceExistingSynonyms: true })
    expect(engine.searchSynonyms('products', {}).nbHits).toBe(10)
    expect(refusal(() => engine.saveSynonyms('products', many(0, SYNONYM_LIMITS.perIndex + 1), { replaceExistingSynonyms: true }))?.status).toBe(400)
    // a million words to check and index: seconds on a busy 2-core machine, not the default 5
  }, 60_000)
})

describe('synonyms of one word, at the caps', () => {
  it(`let a word find at most ${SYNONYM_LIMITS.alternativesPerWord} others through all the synonyms that name it, and refuse a batch past that, changing nothing`, () => {
    const { engine, ids } = engineWith(RECORDS)
    // one word shared by many objects: each alone is small, together they would expand "hub" without end
    const hub = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ objectID: `h${from + i}`, type: 'synonym', synonyms: ['hub', ...Array.from({ length: 9 }, (_, k) => `h${from + i}w${k}`)] }))
    engine.saveSynonyms('products', hub(0, Math.floor(SYNONYM_LIMITS.alternativesPerWord / 9)))
    const before = engine.searchSynonyms('products', {}).nbHits
    expect(refusal(() => engine.saveSynonyms('products', hub(100, 50)))).toEqual({ status: 400, message: `Too many synonyms for "hub": a word or phrase finds at most ${SYNONYM_LIMITS.alternativesPerWord} others through all the synonyms that name it` })
    expect(refusal(() => engine.saveSynonyms('products', Array.from({ length: 200 }, (_, i) => ({ objectID: `o${i}`, type: 'onewaysynonym', input: 'hub', synonyms: [`o${i}`] }))))?.status).toBe(400)
    expect(engine.searchSynonyms('products', {}).nbHits).toBe(before)
    expect(ids('hub')).toEqual([])
    // replacing the set is judged on what the index holds after it
    engine.saveSynonyms('products', hub(500, 5), { replaceExistingSynonyms: true })
    expect(engine.searchSynonyms('products', {}).nbHits).toBe(5)
  })
})

describe('CJK and typos (decision 44)', () => {
  it('allow no typo in CJK: one character off is another word; a known variant is a one-way synonym', () => {
    const { engine, ids } = engineWith(RECORDS)
    expect(ids('大阪')).toEqual(['6'])
    expect(ids('大坂')).toEqual([])
    expect(ids('大版')).toEqual([])
    engine.saveSynonyms('products', [{ objectID: 'osaka', type: 'onewaysynonym', input: '大坂', synonyms: ['大阪'] }])
    expect(ids('大坂')).toEqual(['6'])
    expect(ids('大坂城')).toEqual(['6'])
    expect(ids('大版')).toEqual([])
  })
})
