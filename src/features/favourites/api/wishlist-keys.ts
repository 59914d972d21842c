import { MEMBER_QUERY_ROOT } from '@/lib/query-client'

/** Every favourites query sits under this key: adding or removing one reloads them all (spec section 4). */
export const WISHLIST_KEY = [MEMBER_QUERY_ROOT, 'wishlist'] as const

const PAGE_STARTED_AT = Date.now()

/**
 * Fresh for `ms` once fetched on this page; an answer restored from an earlier visit (the query
 * cache kept in IndexedDB, saved at most once a second) is shown at once and checked again, so a
 * heart changed just before a reload is not shown the old way.
 */
export const freshFor =
  (ms: number) =>
  (query: { state: { dataUpdatedAt: number } }): number =>
    query.state.dataUpdatedAt >= PAGE_STARTED_AT ? ms : 0
