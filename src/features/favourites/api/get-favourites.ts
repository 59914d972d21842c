import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import type { Product } from '../../../../contract/catalogue'
import type { Locale } from '../../../../contract/constants'
import type { Paged } from '../../../../contract/page'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { freshFor, WISHLIST_KEY } from './wishlist-keys'

export const FAVOURITES_PER_PAGE = 12

export interface FavouritesFilter {
  category_id?: number
  page?: number
}

/** One page of the member's favourites, newest first, optionally of one category. */
export const getFavourites = (locale: Locale, filter: FavouritesFilter, signal?: AbortSignal): Promise<Paged<Product>> =>
  apiGet<Paged<Product>>('/product_wishlist', { locale, signal, query: { category_id: filter.category_id, page: filter.page ?? 1, per_page: FAVOURITES_PER_PAGE } })

export const favouritesQueryOptions = (locale: Locale, filter: FavouritesFilter) =>
  queryOptions({
    queryKey: [...WISHLIST_KEY, locale, 'page', { category_id: filter.category_id, page: filter.page ?? 1 }],
    queryFn: ({ signal }) => getFavourites(locale, filter, signal),
    staleTime: freshFor(60_000),
  })

export const useFavourites = (filter: FavouritesFilter) => useSuspenseQuery(favouritesQueryOptions(useLocale(), filter))
