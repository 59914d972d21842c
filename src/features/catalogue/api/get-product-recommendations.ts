import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Product } from '../../../../contract/catalogue'
import type { Locale } from '../../../../contract/constants'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

export const getProductRecommendations = (locale: Locale, id: number, categoryId?: number, signal?: AbortSignal): Promise<Product[]> =>
  apiGet<{ data: Product[] }>(`/product/${id}/recommend`, { locale, signal, query: { category_id: categoryId } }).then((r) => r.data)

export const productRecommendationsQueryOptions = (locale: Locale, id: number, categoryId?: number) =>
  queryOptions({
    queryKey: ['catalog', locale, 'product', id, 'recommend', categoryId ?? null],
    queryFn: ({ signal }) => getProductRecommendations(locale, id, categoryId, signal),
    meta: { toastOnError: true },
  })

export const useProductRecommendations = (id: number, categoryId?: number) =>
  useQuery(productRecommendationsQueryOptions(useLocale(), id, categoryId))
