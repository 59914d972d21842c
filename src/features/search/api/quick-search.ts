import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { Locale } from '../../../../contract/constants'
import { useLocale } from '@/lib/i18n'
import { runSearch, type SearchResult } from './search-client'
import { noResults, searchQuery } from './search-words'

export const QUICK_SEARCH_SIZE = 6
export const QUICK_SEARCH_DELAY_MS = 250

export async function quickSearch(locale: Locale, keyword: string): Promise<SearchResult> {
  const query = searchQuery(keyword)
  if (query === undefined) return noResults(QUICK_SEARCH_SIZE)
  const [result] = await runSearch(locale, (index) => [
    {
      indexName: index,
      query,
      hitsPerPage: QUICK_SEARCH_SIZE,
      attributesToRetrieve: ['id', 'name', 'name_zh_tw', 'name_en', 'name_ja', 'thumbnail', 'price_min', 'price_max', 'location', 'city'],
      attributesToHighlight: [],
    },
  ])
  if (!result) throw new Error('The search answered without results')
  return result
}

export const quickSearchQueryOptions = (locale: Locale, keyword: string) =>
  queryOptions({
    queryKey: ['search', 'quick', locale, keyword],
    queryFn: () => quickSearch(locale, keyword),
    enabled: keyword !== '',
    placeholderData: keepPreviousData,
  })

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return debounced
}

/** Quick results for what is being typed, once typing pauses. */
export function useQuickSearch(keyword: string) {
  const debounced = useDebounced(keyword.trim(), QUICK_SEARCH_DELAY_MS)
  const query = useQuery(quickSearchQueryOptions(useLocale(), debounced))
  return { ...query, keyword: debounced }
}
