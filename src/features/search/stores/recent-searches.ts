import { del, get, set } from 'idb-keyval'
import { useHydrated } from '@/lib/use-hydrated'
import { proxy, snapshot, useSnapshot } from 'valtio'
import { normalizeKeyword } from '@/lib/search-params'

export const RECENT_SEARCHES_MAX = 10
const STORAGE_KEY = 'recent-searches'

/** The list with `term` added last: blank terms and terms already listed are skipped, the oldest drops out past 10. */
export function withRecentSearch(terms: readonly string[], term: string): string[] {
  const keyword = normalizeKeyword(term)
  if (keyword === '' || terms.includes(keyword)) return [...terms]
  return [...terms, keyword].slice(-RECENT_SEARCHES_MAX)
}

export const recentSearches = proxy({ terms: [] as string[], restored: false })

let restoring: Promise<void> | undefined

const persist = () => set(STORAGE_KEY, snapshot(recentSearches).terms).catch(() => undefined)

export function addRecentSearch(term: string): void {
  const next = withRecentSearch(recentSearches.terms, term)
  if (next.length === recentSearches.terms.length && next.every((t, i) => t === recentSearches.terms[i])) return
  recentSearches.terms = next
  // write only after the stored list is merged in, or an early search would overwrite it
  void restoreRecentSearches().then(persist)
}

export function clearRecentSearches(): void {
  recentSearches.terms = []
  restoring = Promise.resolve()
  void del(STORAGE_KEY).catch(() => undefined)
}


/** Loads the stored list once; searches made meanwhile are kept after the stored ones. */
export function restoreRecentSearches(): Promise<void> {
  restoring ??= get<unknown>(STORAGE_KEY)
    .catch(() => undefined)
    .then((stored) => {
      const saved = Array.isArray(stored) ? stored.filter((t): t is string => typeof t === 'string') : []
      const merged = [...saved, ...recentSearches.terms].reduce<string[]>(withRecentSearch, [])
      recentSearches.terms = merged
      recentSearches.restored = true
    })
  return restoring
}

/** Newest first, for display. */
export function useRecentSearches(): readonly string[] {
  const { terms } = useSnapshot(recentSearches)
  // the server knows no one's searches
  return useHydrated() ? [...terms].reverse() : []
}

/** For tests: forget the in-memory state so a restore reads storage again. */
export function resetRecentSearchesForTests(): void {
  recentSearches.terms = []
  recentSearches.restored = false
  restoring = undefined
}
