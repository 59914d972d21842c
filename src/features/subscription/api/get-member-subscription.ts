import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { MemberSubscription } from '../../../../contract/subscription'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
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

/** How often to ask again after a payment while the provider's webhooks are on their way. */
const CONFIRM_EVERY_MS = 1500
/** How long to keep asking before the page shows what it has. */
export const CONFIRM_FOR_MS = 60_000

/** A box not there yet or not paid for yet: the checkout's webhooks have not all reached the shop. */
export const awaitsCheckout = (data: MemberSubscription | null | undefined) => !data || data.boxes.length === 0

/**
 * `confirming`: the member just came back from the payment page. The webhooks that record the
 * payment reach the shop a moment after the browser, so the page asks again until the box and its
 * first payment show up.
 */
export const useMemberSubscription = (confirming = false) =>
  useQuery({
    ...memberSubscriptionQueryOptions(useLocale()),
    refetchOnMount: confirming ? 'always' : true,
    refetchInterval: (query) => (confirming && awaitsCheckout(query.state.data) ? CONFIRM_EVERY_MS : false),
  })
