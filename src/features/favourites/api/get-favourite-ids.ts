import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Product } from '../../../../contract/catalogue'
import type { Locale } from '../../../../contract/constants'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { freshFor, WISHLIST_KEY } from './wishlist-keys'

/** The whole wishlist (GET /product_wishlist without paging), as the ids of its products. */
export const getFavouriteIds = (locale: Locale, signal?: AbortSignal): Promise<number[]> => apiGet<{ data: Product[] }>('/product_wishlist', { locale, signal }).then((r) => r.data.map((p) => p.id))

export const favouriteIdsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...WISHLIST_KEY, 'ids'],
    queryFn: ({ signal }) => getFavouriteIds(locale, signal),
    staleTime: freshFor(5 * 60_000),
  })

/** The member's favourite product ids; nothing is asked for a visitor. */
export const useFavouriteIds = (signedIn: boolean) => useQuery({ ...favouriteIdsQueryOptions(useLocale()), enabled: signedIn })
