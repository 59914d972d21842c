import * as v from 'valibot'
import { STOCK_STATUSES } from '../../../../contract/search-record'
import { optionalSearchInt, optionalSearchKeyword } from '@/lib/search-params'

/**
 * The search page's address, apart from the rest of the search (search-state.ts, search-client.ts):
 * every route's search schema is in the first download, the search's code is not.
 */

/** the last page a search reaches: Algolia shows at most 1,000 hits, and the embedded engine refuses a page past 1,000 */
const LAST_SEARCH_PAGE = 1000

// A hand-typed or old link with a bad value falls back to "not set" instead of breaking the page.
const choice = <const T extends readonly [string, ...string[]]>(options: T) => v.fallback(v.optional(v.picklist(options)), undefined)

/** Everything the search page shows lives in the URL, so a search can be shared and the back button works. */
export const SearchPageSchema = v.object({
  /** cut to 30 characters as the search box cuts it */
  keyword: optionalSearchKeyword(),
  category: optionalSearchInt(),
  city: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/))), undefined),
  trend: optionalSearchInt(),
  stock: choice(STOCK_STATUSES),
  price_min: optionalSearchInt(0),
  price_max: optionalSearchInt(0),
  /** only products whose average review score is at least this ('4 stars & up') */
  rating: v.fallback(v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^[1-5]$/))]), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(5))), undefined),
  sort: choice(['price_asc', 'price_desc'] as const),
  page: optionalSearchInt(1, LAST_SEARCH_PAGE),
})
export type SearchPageState = v.InferOutput<typeof SearchPageSchema>

/** The facet filters of a search, without keyword, sort and page. */
export type SearchFilterState = Pick<SearchPageState, 'category' | 'city' | 'trend' | 'stock' | 'price_min' | 'price_max' | 'rating'>

