import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ReferralPanel } from '@/features/referral/components/referral-panel'
import { referralsQueryOptions } from '@/features/referral/api/get-referrals'
import { useDocumentTitle } from '@/ui/use-document-title'

/** The member area's referral programme: the code, the friends who joined with it, the coupons earned. */
export const Route = createFileRoute('/{-$locale}/_user/user/referrer')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(referralsQueryOptions(context.locale))
  },
  component: ReferrerPage,
})

function ReferrerPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Referral`)
  return <ReferralPanel />
}
