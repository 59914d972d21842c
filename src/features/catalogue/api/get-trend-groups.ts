import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import type { TrendGroupWithProducts } from '../../../../contract/catalogue'
import type { Locale } from '../../../../contract/constants'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

/** Every trend group with its first products, for the rows on the home page. */
export const getTrendGroups = (locale: Locale, signal?: AbortSignal): Promise<TrendGroupWithProducts[]> =>
  apiGet<{ data: TrendGroupWithProducts[] }>('/trend_group', { locale, signal }).then((r) => r.data)

export const trendGroupsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['catalog', locale, 'trend-groups', 'with-products'],
    queryFn: ({ signal }) => getTrendGroups(locale, signal),
  })

export const useTrendGroups = () => useSuspenseQuery(trendGroupsQueryOptions(useLocale()))
