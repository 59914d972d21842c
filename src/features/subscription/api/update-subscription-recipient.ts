import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { BoxRecipient, MemberSubscription } from '../../../../contract/subscription'
import { apiPut } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { MEMBER_SUBSCRIPTION_KEY } from './subscription-keys'

/** Changes who receives the snack box, from the next box not packed yet (checked as checkout's recipients are). */
export const updateSubscriptionRecipient = (locale: Locale, recipient: BoxRecipient): Promise<MemberSubscription> =>
  apiPut<{ data: MemberSubscription }>('/user/subscription/recipient', { recipient }, { locale }).then((r) => r.data)

export function useUpdateSubscriptionRecipient() {
  const locale = useLocale()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (recipient: BoxRecipient) => updateSubscriptionRecipient(locale, recipient),
    onSuccess: (subscription) => {
      queryClient.setQueryData([...MEMBER_SUBSCRIPTION_KEY, locale], subscription)
      return queryClient.invalidateQueries({ queryKey: MEMBER_SUBSCRIPTION_KEY })
    },
  })
}
