import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { SubscriptionPlan } from '../../../../contract/subscription'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { SUBSCRIPTION_PLANS_KEY } from './subscription-keys'

/** The snack-box plans with their prices, savings and labels, in the asking language. */
export const getSubscriptionPlans = (locale: Locale, signal?: AbortSignal): Promise<SubscriptionPlan[]> =>
  apiGet<{ data: SubscriptionPlan[] }>('/subscription/plans', { locale, signal }).then((r) => r.data)

export const subscriptionPlansQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...SUBSCRIPTION_PLANS_KEY, locale],
    queryFn: ({ signal }) => getSubscriptionPlans(locale, signal),
    staleTime: 5 * 60_000,
  })

export const useSubscriptionPlans = () => useQuery(subscriptionPlansQueryOptions(useLocale()))
