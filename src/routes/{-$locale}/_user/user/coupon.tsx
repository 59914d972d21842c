import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { couponWalletQueryOptions } from '@/features/coupons/api/get-coupon-wallet'
import { CouponWalletPanel } from '@/features/coupons/components/coupon-wallet'
import { useDocumentTitle } from '@/ui/use-document-title'

/** The member area's coupon wallet: the coupons given to the member (a referral's welcome and thank-you coupons). */
export const Route = createFileRoute('/{-$locale}/_user/user/coupon')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(couponWalletQueryOptions(context.locale))
  },
  component: CouponPage,
})

function CouponPage() {
  const { t } = useLingui()
  useDocumentTitle(t`My coupons`)
  return <CouponWalletPanel />
}
