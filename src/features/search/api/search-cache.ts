import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query'
import { get, set } from 'idb-keyval'
import { SEARCH_CACHE_TIME } from './search-products'

const CACHE_KEY = 'search-results-cache'
/** bump when the stored shape changes */
const VERSION = 1
const SAVE_DELAY_MS = 1000

interface StoredCache {
  version: number
  savedAt: number
  state: DehydratedState
}

const isSearchResult = (query: Query) => query.queryKey[0] === 'search' && query.queryKey[1] === 'products' && query.state.status === 'success'

let persisting: Promise<void> | undefined

/**
 * Keeps the search page's results in IndexedDB, so searches run before still show after a reload
 * without a network. Only `['search', 'products', …]` queries are written.
 */
export function persistSearchCache(queryClient: QueryClient): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve()
  persisting ??= (async () => {
    const stored = await get<StoredCache>(CACHE_KEY).catch(() => undefined)
    if (stored?.version === VERSION && Date.now() - stored.savedAt < SEARCH_CACHE_TIME) hydrate(queryClient, stored.state)
    let timer: ReturnType<typeof setTimeout> | undefined
    const save = () => {
      timer = undefined
      const state = dehydrate(queryClient, { shouldDehydrateQuery: isSearchResult })
      void set(CACHE_KEY, { version: VERSION, savedAt: Date.now(), state } satisfies StoredCache).catch(() => undefined)
    }
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && isSearchResult(event.query)) timer ??= setTimeout(save, SAVE_DELAY_MS)
    })
  })()
  return persisting
}
