import { beforeEach, describe, expect, it, vi } from 'vitest'

const stored = new Map<string, unknown>()
vi.mock('idb-keyval', () => ({
  get: vi.fn(async (key: string) => stored.get(key)),
  set: vi.fn(async (key: string, value: unknown) => void stored.set(key, structuredClone(value))),
  del: vi.fn(async (key: string) => void stored.delete(key)),
}))

const { addRecentSearch, clearRecentSearches, recentSearches, resetRecentSearchesForTests, restoreRecentSearches, withRecentSearch } = await import('./recent-searches')

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('withRecentSearch', () => {
  it('skips blank terms and trims the rest', () => {
    expect(withRecentSearch([], '')).toEqual([])
    expect(withRecentSearch([], ' ')).toEqual([])
    expect(withRecentSearch([], '  抹茶 ')).toEqual(['抹茶'])
  })

  it('skips a term already listed', () => {
    expect(withRecentSearch(['matcha', 'cake'], 'matcha')).toEqual(['matcha', 'cake'])
    expect(withRecentSearch(['matcha'], ' matcha ')).toEqual(['matcha'])
  })

  it('keeps at most 10, dropping the oldest', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `term ${i}`)
    const next = withRecentSearch(ten, 'newest')
    expect(next).toHaveLength(10)
    expect(next[0]).toBe('term 1')
    expect(next.at(-1)).toBe('newest')
  })
})

describe('the recent-search store', () => {
  beforeEach(() => {
    stored.clear()
    resetRecentSearchesForTests()
  })

  it('persists what is added and restores it after a reload', async () => {
    addRecentSearch('抹茶')
    addRecentSearch(' ')
    addRecentSearch('cake')
    addRecentSearch('抹茶')
    await flush()
    expect(stored.get('recent-searches')).toEqual(['抹茶', 'cake'])

    resetRecentSearchesForTests() // a new page load: memory is empty, storage is not
    expect(recentSearches.terms).toEqual([])
    await restoreRecentSearches()
    expect(recentSearches.terms).toEqual(['抹茶', 'cake'])
  })

  it('keeps searches made before the stored list arrived, after it', async () => {
    stored.set('recent-searches', ['old'])
    addRecentSearch('new')
    await restoreRecentSearches()
    expect(recentSearches.terms).toEqual(['old', 'new'])
  })

  it('ignores a damaged stored value', async () => {
    stored.set('recent-searches', 'not a list')
    await restoreRecentSearches()
    expect(recentSearches.terms).toEqual([])
  })

  it('clears memory and storage', async () => {
    addRecentSearch('matcha')
    await flush()
    clearRecentSearches()
    await flush()
    expect(recentSearches.terms).toEqual([])
    expect(stored.has('recent-searches')).toBe(false)
  })
})
