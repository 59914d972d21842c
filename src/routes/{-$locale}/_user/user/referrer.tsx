import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ReferralPanel } from '@/features/referral/components/referral-panel'
import { referralsQueryOptions } from '@/features/referral/api/get-referrals'
import { routeHead } from '@/lib/page-head'

/** The member area's referral programme: the code, the friends who joined with it, the coupons earned. */
export const Route = createFileRoute('/{-$locale}/_user/user/referrer')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(referralsQueryOptions(context.locale))
  },
  head: routeHead(({ t }) => ({ title: t(msg`Referral`) })),
  component: ReferrerPage,
})

function ReferrerPage() {
  return <ReferralPanel />
}
