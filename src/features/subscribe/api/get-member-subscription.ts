import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { MemberSubscription } from '../../../../contract/subscription'
import { apiGet } from '../../../lib/api-client'
import { useLocale } from '../../../lib/i18n'
import { MEMBER_SUBSCRIPTION_KEY } from './subscription-keys'

/** The member's snack box, or null when the member never subscribed. */
export const getMemberSubscription = (locale: Locale, signal?: AbortSignal): Promise<MemberSubscription | null> =>
  apiGet<{ data: MemberSubscription | null }>('/user/subscription', { locale, signal }).then((r) => r.data)

export const memberSubscriptionQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...MEMBER_SUBSCRIPTION_KEY, locale],
    queryFn: ({ signal }) => getMemberSubscription(locale, signal),
    staleTime: 30_000,
  })

export const useMemberSubscription = () => useQuery(memberSubscriptionQueryOptions(useLocale()))
