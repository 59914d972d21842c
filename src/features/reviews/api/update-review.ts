import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { OwnReview, UpdateReviewInput } from '../../../../contract/review'
import { apiPut } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { MEMBER_REVIEWS_KEY, productReviewsKey } from './review-keys'

/** Changes the member's own review (the shop records when: edited_at). */
export const updateReview = (locale: Locale, id: number, input: UpdateReviewInput): Promise<OwnReview> =>
  apiPut<{ data: OwnReview }>(`/comment/${id}`, input, { locale }).then((r) => r.data)

export function useUpdateReview() {
  const locale = useLocale()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateReviewInput }) => updateReview(locale, id, input),
    onSuccess: (review) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MEMBER_REVIEWS_KEY }),
        queryClient.invalidateQueries({ queryKey: productReviewsKey(review.product_id) }),
      ]),
  })
}
