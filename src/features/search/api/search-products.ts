import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import { runSearch, type SearchResult } from './search-client'
import { noResults, searchQuery } from './search-words'
import { buildFilters, FACET_ATTRIBUTES, facetClauses, indexForSort, SEARCH_PAGE_SIZE, type FacetAttribute, type SearchPageState } from './search-state'

const HIGHLIGHTED = ['name_zh_tw', 'name_en', 'name_ja']

/**
 * One page of results with facet counts. Each active facet also gets a request without its own
 * filter (Algolia's disjunctive faceting), so picking Kyoto still shows how many Osaka has.
 */
export async function searchProducts(locale: Locale, state: SearchPageState): Promise<SearchResult> {
  const query = searchQuery(state.keyword ?? '')
  if (query === undefined) return noResults(SEARCH_PAGE_SIZE)
  const active = Object.keys(facetClauses(state)) as FacetAttribute[]
  const [main, ...others] = await runSearch(locale, (index) => [
    {
      indexName: indexForSort(index, state.sort),
      query,
      filters: buildFilters(state),
      facets: FACET_ATTRIBUTES,
      page: (state.page ?? 1) - 1,
      hitsPerPage: SEARCH_PAGE_SIZE,
      attributesToHighlight: HIGHLIGHTED,
    },
    ...active.map((attribute) => ({
      indexName: index,
      query,
      filters: buildFilters(state, attribute),
      facets: [attribute],
      hitsPerPage: 0,
      attributesToHighlight: [],
    })),
  ])
  if (!main) throw new Error('The search answered without results')
  const facets = { ...main.facets }
  active.forEach((attribute, i) => {
    facets[attribute] = others[i]?.facets?.[attribute] ?? {}
  })
  return { ...main, facets }
}

export const searchProductsQueryOptions = (locale: Locale, state: SearchPageState) =>
  queryOptions({
    queryKey: ['search', 'products', locale, state],
    queryFn: () => searchProducts(locale, state),
    placeholderData: keepPreviousData,
  })
