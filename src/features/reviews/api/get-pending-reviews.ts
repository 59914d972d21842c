import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { PendingOrder } from '../../../../contract/review'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { MEMBER_REVIEWS_KEY } from './review-keys'

/** The member's delivered orders that still hold items without a review, newest first. */
export const getPendingReviews = (locale: Locale, signal?: AbortSignal): Promise<PendingOrder[]> =>
  apiGet<{ data: PendingOrder[] }>('/comment/pending', { locale, signal }).then((r) => r.data)

export const pendingReviewsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...MEMBER_REVIEWS_KEY, 'pending', locale],
    queryFn: ({ signal }) => getPendingReviews(locale, signal),
  })

export const usePendingReviews = () => useQuery(pendingReviewsQueryOptions(useLocale()))
