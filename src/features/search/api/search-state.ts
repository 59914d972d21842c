import * as v from 'valibot'
import { PRODUCT_PAGE_SIZE } from '../../../../contract/constants'
import { optionalSearchInt, optionalSearchKeyword } from '../../../lib/search-params'
import { STOCK_STATUSES } from './search-client'

export const DEFAULT_PRICE_MIN = 0
export const DEFAULT_PRICE_MAX = 5000
export const SEARCH_PAGE_SIZE = PRODUCT_PAGE_SIZE
export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc'] as const
export type SearchSort = (typeof SEARCH_SORTS)[number]

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

/** The one choice of the rating filter the page offers. */
export const MIN_RATING_CHOICE = 4

export type FacetAttribute = 'category_ids' | 'city' | 'trend_group_id' | 'stock_status'
export const FACET_ATTRIBUTES: FacetAttribute[] = ['category_ids', 'city', 'trend_group_id', 'stock_status']

const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`

/** One `attribute:value` clause per active facet filter. */
export function facetClauses(state: SearchFilterState): Partial<Record<FacetAttribute, string>> {
  const clauses: Partial<Record<FacetAttribute, string>> = {}
  if (state.category !== undefined) clauses.category_ids = `category_ids:${state.category}`
  if (state.city !== undefined) clauses.city = `city:${quote(state.city)}`
  if (state.trend !== undefined) clauses.trend_group_id = `trend_group_id:${state.trend}`
  if (state.stock !== undefined) clauses.stock_status = `stock_status:${state.stock}`
  return clauses
}

export function priceRange(state: SearchFilterState): [number, number] {
  const low = state.price_min ?? DEFAULT_PRICE_MIN
  const high = state.price_max ?? DEFAULT_PRICE_MAX
  return low <= high ? [low, high] : [high, low]
}

/**
 * Algolia's `filters` string for the page's state; `except` leaves one facet out (its own counts
 * then show every value it could switch to).
 */
export function buildFilters(state: SearchFilterState, except?: FacetAttribute): string {
  const [low, high] = priceRange(state)
  const clauses = Object.entries(facetClauses(state))
    .filter(([attribute]) => attribute !== except)
    .map(([, clause]) => clause)
  const rating = state.rating === undefined ? [] : [`rating >= ${state.rating}`]
  return [`price_min:${low} TO ${high}`, ...rating, ...clauses].join(' AND ')
}

export const indexForSort = (index: string, sort: SearchPageState['sort']): string => (sort ? `${index}_${sort}` : index)

export const hasActiveFilters = (state: SearchFilterState): boolean =>
  Object.keys(facetClauses(state)).length > 0 ||
  state.rating !== undefined ||
  (state.price_min ?? DEFAULT_PRICE_MIN) !== DEFAULT_PRICE_MIN ||
  (state.price_max ?? DEFAULT_PRICE_MAX) !== DEFAULT_PRICE_MAX
