import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import type * as v from 'valibot'
import type { WishlistCategorySchema } from '../../../../contract/cart'
import type { Locale } from '../../../../contract/constants'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { freshFor, WISHLIST_KEY } from './wishlist-keys'

export type FavouriteCategory = v.InferOutput<typeof WishlistCategorySchema>

/** The categories the member's favourites belong to, with how many each holds. */
export const getFavouriteCategories = (locale: Locale, signal?: AbortSignal): Promise<FavouriteCategory[]> =>
  apiGet<{ data: FavouriteCategory[] }>('/product_wishlist/category', { locale, signal }).then((r) => r.data)

export const favouriteCategoriesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...WISHLIST_KEY, locale, 'categories'],
    queryFn: ({ signal }) => getFavouriteCategories(locale, signal),
    staleTime: freshFor(60_000),
  })

export const useFavouriteCategories = () => useSuspenseQuery(favouriteCategoriesQueryOptions(useLocale()))
