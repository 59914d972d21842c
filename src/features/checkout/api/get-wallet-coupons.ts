import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { CouponWallet } from '../../../../contract/coupon'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { MEMBER_QUERY_ROOT } from '@/lib/query-client'

/**
 * The member's coupon wallet as the payment page reads it, to offer a coupon that fits the cart.
 * The same key as the member area's wallet page (features do not import each other), so either
 * page's answer serves the other.
 */
export const walletCouponsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [MEMBER_QUERY_ROOT, 'coupons', locale],
    queryFn: ({ signal }) => apiGet<{ data: CouponWallet }>('/user/coupons', { locale, signal }).then((r) => r.data),
    staleTime: 0,
  })

export const useWalletCoupons = () => useQuery(walletCouponsQueryOptions(useLocale()))
