import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { couponWalletQueryOptions } from '@/features/coupons/api/get-coupon-wallet'
import { CouponWalletPanel } from '@/features/coupons/components/coupon-wallet'
import { routeHead } from '@/lib/page-head'

/** The member area's coupon wallet: the coupons given to the member (a referral's welcome and thank-you coupons). */
export const Route = createFileRoute('/{-$locale}/_user/user/coupon')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(couponWalletQueryOptions(context.locale))
  },
  head: routeHead(({ t }) => ({ title: t(msg`My coupons`) })),
  component: CouponPage,
})

function CouponPage() {
  return <CouponWalletPanel />
}
