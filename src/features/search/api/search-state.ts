import { PRODUCT_PAGE_SIZE } from '../../../../contract/constants'
import type { SearchFilterState, SearchPageState } from './search-page-schema'

export { SearchPageSchema, type SearchFilterState, type SearchPageState } from './search-page-schema'

export const DEFAULT_PRICE_MIN = 0
export const DEFAULT_PRICE_MAX = 5000
export const SEARCH_PAGE_SIZE = PRODUCT_PAGE_SIZE
export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc'] as const
export type SearchSort = (typeof SEARCH_SORTS)[number]

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
