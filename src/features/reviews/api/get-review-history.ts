import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { Paged } from '../../../../contract/page'
import type { OwnReview } from '../../../../contract/review'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { MEMBER_REVIEWS_KEY } from './review-keys'

export const REVIEW_HISTORY_PER_PAGE = 10

/** The member's own reviews, newest first, hidden ones included (marked). */
export const getReviewHistory = (locale: Locale, page: number, signal?: AbortSignal): Promise<Paged<OwnReview>> =>
  apiGet<Paged<OwnReview>>('/comment/history', { locale, signal, query: { page, per_page: REVIEW_HISTORY_PER_PAGE } })

export const reviewHistoryQueryOptions = (locale: Locale, page: number) =>
  queryOptions({
    queryKey: [...MEMBER_REVIEWS_KEY, 'history', locale, page],
    queryFn: ({ signal }) => getReviewHistory(locale, page, signal),
    placeholderData: keepPreviousData,
  })

export const useReviewHistory = (page: number, enabled = true) => useQuery({ ...reviewHistoryQueryOptions(useLocale(), page), enabled })
