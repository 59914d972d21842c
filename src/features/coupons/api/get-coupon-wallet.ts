import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { CouponWallet } from '../../../../contract/coupon'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { MEMBER_QUERY_ROOT } from '@/lib/query-client'

export const getCouponWallet = (locale: Locale, signal?: AbortSignal): Promise<CouponWallet> =>
  apiGet<{ data: CouponWallet }>('/user/coupons', { locale, signal }).then((r) => r.data)

/** The member's own coupons: under the member key, so signing out forgets them; the payment page reads the same key. */
export const couponWalletQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [MEMBER_QUERY_ROOT, 'coupons', locale],
    queryFn: ({ signal }) => getCouponWallet(locale, signal),
    // a coupon arrives or is used while the member is away: ask again whenever the page opens
    staleTime: 0,
  })

export const useCouponWallet = () => useQuery(couponWalletQueryOptions(useLocale()))
