import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { CreateReviewInput, OwnReview } from '../../../../contract/review'
import { apiPost } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { MEMBER_REVIEWS_KEY, productReviewsKey } from './review-keys'

/** Reviews one product of a delivered order (once per product); the body is CreateReviewInputSchema's output. */
export const createReview = (locale: Locale, input: CreateReviewInput): Promise<OwnReview> =>
  apiPost<{ data: OwnReview }>('/comment', input, { locale }).then((r) => r.data)

export function useCreateReview() {
  const locale = useLocale()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateReviewInput) => createReview(locale, input),
    onSuccess: (review) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MEMBER_REVIEWS_KEY }),
        queryClient.invalidateQueries({ queryKey: productReviewsKey(review.product_id) }),
      ]),
  })
}
