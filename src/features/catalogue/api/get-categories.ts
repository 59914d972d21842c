import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import type { Category } from '../../../../contract/catalogue'
import type { Locale } from '../../../../contract/constants'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

export const getCategories = (locale: Locale, signal?: AbortSignal): Promise<Category[]> =>
  apiGet<{ data: Category[] }>('/category', { locale, signal }).then((r) => r.data)

export const categoriesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['catalog', locale, 'categories'],
    queryFn: ({ signal }) => getCategories(locale, signal),
    staleTime: 10 * 60_000,
  })

export const useCategories = () => useSuspenseQuery(categoriesQueryOptions(useLocale()))
