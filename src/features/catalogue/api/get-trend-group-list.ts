import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import type { TrendGroup } from '../../../../contract/catalogue'
import type { Locale } from '../../../../contract/constants'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

/** Trend groups without products: names for the product list's filter. */
export const getTrendGroupList = (locale: Locale, signal?: AbortSignal): Promise<TrendGroup[]> =>
  apiGet<{ data: TrendGroup[] }>('/trend_group/list', { locale, signal }).then((r) => r.data)

export const trendGroupListQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['catalog', locale, 'trend-groups', 'list'],
    queryFn: ({ signal }) => getTrendGroupList(locale, signal),
    staleTime: 10 * 60_000,
  })

export const useTrendGroupList = () => useSuspenseQuery(trendGroupListQueryOptions(useLocale()))
