import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import type { Query, QueryClient } from '@tanstack/react-query'
import { persistQueryClientRestore, persistQueryClientSave, persistQueryClientSubscribe, type PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { del, get, set } from 'idb-keyval'
import { CACHE_NAMES } from '../../sw/routes'
import { onAuthTokenChange } from './api-client'
import { MEMBER_QUERY_ROOT, QUERY_MAX_AGE } from './query-client'

declare const __BUILD_ID__: string

/** Queries whose answers depend on who is signed in (favourite flags) besides the member's own ones. */
const PERSONALISED_ROOTS = ['catalog']

const isPersistable = (query: Query) => query.state.status === 'success' && query.state.data !== undefined

/**
 * Keeps TanStack Query's cache in IndexedDB, so pages seen before open without a network: the
 * catalogue, searches, and the member's own data while they are signed in. A new build starts
 * afresh (its answers may have another shape), and nothing older than QUERY_MAX_AGE comes back.
 */
export async function persistQueries(queryClient: QueryClient): Promise<void> {
  if (typeof indexedDB === 'undefined') return
  const persister = createAsyncStoragePersister({
    storage: { getItem: (key) => get<string>(key).then((value) => value ?? null), setItem: (key, value: string) => set(key, value), removeItem: (key) => del(key) },
    key: 'query-cache',
    throttleTime: 1000,
  })
  const options: PersistQueryClientOptions = {
    queryClient,
    persister,
    maxAge: QUERY_MAX_AGE,
    buster: __BUILD_ID__,
    dehydrateOptions: { shouldDehydrateQuery: isPersistable },
  }
  // answers already here came with a page the server drew just now: they stay fresh
  const fresh = new Set(queryClient.getQueryCache().getAll().map((query) => query.queryHash))
  // An unreadable store (private browsing) only costs the offline copy.
  await persistQueryClientRestore(options).catch((error: unknown) => console.warn('The saved pages could not be read', error))
  // What comes back from the device shows at once but counts as old: a page using it asks the
  // server again (offline, the query waits for the network and keeps what it has).
  void queryClient.invalidateQueries({ predicate: (query) => !fresh.has(query.queryHash), refetchType: 'none' })
  persistQueryClientSubscribe(options)

  // Signing out (or a refused token) forgets the member's data on this device, now rather than
  // at the next throttled save, and drops catalogue answers that carried their favourite flags.
  onAuthTokenChange((token, previous) => {
    if (token !== null || previous === null) return
    queryClient.removeQueries({ queryKey: [MEMBER_QUERY_ROOT] })
    for (const root of PERSONALISED_ROOTS) void queryClient.resetQueries({ queryKey: [root] })
    void persistQueryClientSave(options).catch(() => undefined)
    // the service worker's copies of the member's catalogue answers (sw/sw.ts)
    if (typeof caches !== 'undefined') void caches.delete(CACHE_NAMES.member).catch(() => undefined)
  })
}
