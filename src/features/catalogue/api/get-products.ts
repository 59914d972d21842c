import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import type { Product } from '../../../../contract/catalogue'
import { PRODUCT_PAGE_SIZE, type Locale, type ProductSort } from '../../../../contract/constants'
import type { Paged } from '../../../../contract/page'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

export interface ProductQuery {
  page?: number
  per_page?: number
  category_id?: number
  city?: string
  trend_group_id?: number
  keyword?: string
  sort?: ProductSort
}

export const getProducts = (locale: Locale, query: ProductQuery, signal?: AbortSignal): Promise<Paged<Product>> =>
  apiGet<Paged<Product>>('/product', { locale, signal, query: { ...query } })

export const productsQueryOptions = (locale: Locale, query: ProductQuery) => {
  const normalized: ProductQuery = { ...query, page: query.page ?? 1, per_page: query.per_page ?? PRODUCT_PAGE_SIZE, sort: query.sort ?? 'rank' }
  return queryOptions({
    queryKey: ['catalog', locale, 'products', normalized],
    queryFn: ({ signal }) => getProducts(locale, normalized, signal),
  })
}

export const useProducts = (query: ProductQuery) => useSuspenseQuery(productsQueryOptions(useLocale(), query))
