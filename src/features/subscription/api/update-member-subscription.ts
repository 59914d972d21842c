import { useMutation, useQueryClient } from '@tanstack/react-query'
import type * as v from 'valibot'
import type { Locale } from '../../../../contract/constants'
import type { MemberSubscription, UpdateSubscriptionInputSchema } from '../../../../contract/subscription'
import { apiPut } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { MEMBER_SUBSCRIPTION_KEY } from './subscription-keys'

export type UpdateSubscriptionInput = v.InferOutput<typeof UpdateSubscriptionInputSchema>

/** Cancels the snack box at the end of the current term, or keeps it after all. */
export const updateMemberSubscription = (locale: Locale, input: UpdateSubscriptionInput): Promise<MemberSubscription> =>
  apiPut<{ data: MemberSubscription }>('/user/subscription', input, { locale }).then((r) => r.data)

export function useUpdateMemberSubscription() {
  const locale = useLocale()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateSubscriptionInput) => updateMemberSubscription(locale, input),
    onSuccess: (subscription) => {
      queryClient.setQueryData([...MEMBER_SUBSCRIPTION_KEY, locale], subscription)
      return queryClient.invalidateQueries({ queryKey: MEMBER_SUBSCRIPTION_KEY })
    },
  })
}
