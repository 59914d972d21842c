import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import type { Product } from '../../../../contract/catalogue'
import type { Locale } from '../../../../contract/constants'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

export const getProduct = (locale: Locale, id: number, signal?: AbortSignal): Promise<Product> =>
  apiGet<{ data: Product }>(`/product/${id}`, { locale, signal }).then((r) => r.data)

export const productQueryOptions = (locale: Locale, id: number) =>
  queryOptions({
    queryKey: ['catalog', locale, 'product', id],
    queryFn: ({ signal }) => getProduct(locale, id, signal),
  })

export const useProduct = (id: number) => useSuspenseQuery(productQueryOptions(useLocale(), id))
