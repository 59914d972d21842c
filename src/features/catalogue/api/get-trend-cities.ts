import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import type { City } from '../../../../contract/catalogue'
import type { Locale } from '../../../../contract/constants'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

export const getTrendCities = (locale: Locale, signal?: AbortSignal): Promise<City[]> =>
  apiGet<{ data: City[] }>('/trend_cities/list', { locale, signal }).then((r) => r.data)

export const trendCitiesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['catalog', locale, 'cities'],
    queryFn: ({ signal }) => getTrendCities(locale, signal),
    staleTime: 10 * 60_000,
  })

export const useTrendCities = () => useSuspenseQuery(trendCitiesQueryOptions(useLocale()))
