import { queryOptions, useQuery } from '@tanstack/react-query'
import type * as v from 'valibot'
import type { ReferralSchema } from '../../../../contract/auth'
import type { Locale } from '../../../../contract/constants'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { MEMBER_QUERY_ROOT } from '@/lib/query-client'

export type Referrals = v.InferOutput<typeof ReferralSchema>
export type Referral = Referrals['referrals'][number]
export type ReferralCoupon = Referrals['coupons'][number]

export const getReferrals = (locale: Locale, signal?: AbortSignal): Promise<Referrals> =>
  apiGet<{ data: { data: Referrals } }>('/user/referrer', { locale, signal }).then((r) => r.data.data)

/** The member's own data: under the member key, so signing out forgets it. Coupon titles come in the asked language. */
export const referralsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [MEMBER_QUERY_ROOT, 'referrals', locale],
    queryFn: ({ signal }) => getReferrals(locale, signal),
    // friends join and their orders arrive while the member is away: ask again whenever the page opens
    staleTime: 0,
  })

export const useReferrals = () => useQuery(referralsQueryOptions(useLocale()))
