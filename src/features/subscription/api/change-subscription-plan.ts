import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { ChangeSubscriptionPlanInput, MemberSubscription } from '../../../../contract/subscription'
import { apiPut } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { MEMBER_SUBSCRIPTION_KEY } from './subscription-keys'

/** The plan the snack box renews as from its next renewal; the current plan again drops a pending change. */
export const changeSubscriptionPlan = (locale: Locale, input: ChangeSubscriptionPlanInput): Promise<MemberSubscription> =>
  apiPut<{ data: MemberSubscription }>('/user/subscription/plan', input, { locale }).then((r) => r.data)

export function useChangeSubscriptionPlan() {
  const locale = useLocale()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ChangeSubscriptionPlanInput) => changeSubscriptionPlan(locale, input),
    onSuccess: (subscription) => {
      queryClient.setQueryData([...MEMBER_SUBSCRIPTION_KEY, locale], subscription)
      return queryClient.invalidateQueries({ queryKey: MEMBER_SUBSCRIPTION_KEY })
    },
  })
}
