import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { Paged } from '../../../../contract/page'
import type { Review, ReviewSort, ReviewSummary } from '../../../../contract/review'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { productReviewsKey } from './review-keys'

export const PRODUCT_REVIEWS_PER_PAGE = 10

export interface ProductReviewsFilter {
  page?: number
  /** only reviews with this many stars */
  score?: number
  sort?: ReviewSort
}

export interface ProductReviewsPage extends Paged<Review> {
  summary: ReviewSummary
}

/** One page of a product's visible reviews with the summary (average and the count of each score). */
export const getProductReviews = (locale: Locale, productId: number, filter: ProductReviewsFilter, signal?: AbortSignal): Promise<ProductReviewsPage> =>
  apiGet<ProductReviewsPage>(`/product/${productId}/comment`, {
    locale,
    signal,
    query: { page: filter.page ?? 1, per_page: PRODUCT_REVIEWS_PER_PAGE, score: filter.score, sort: filter.sort ?? 'newest' },
  })

export const productReviewsQueryOptions = (locale: Locale, productId: number, filter: ProductReviewsFilter) =>
  queryOptions({
    queryKey: [...productReviewsKey(productId), locale, { page: filter.page ?? 1, score: filter.score ?? null, sort: filter.sort ?? 'newest' }],
    queryFn: ({ signal }) => getProductReviews(locale, productId, filter, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })

export const useProductReviews = (productId: number, filter: ProductReviewsFilter) => useQuery(productReviewsQueryOptions(useLocale(), productId, filter))
