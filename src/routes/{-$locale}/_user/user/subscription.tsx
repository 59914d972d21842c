import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { memberSubscriptionQueryOptions } from '../../../../features/subscribe/api/get-member-subscription'
import { MySubscription } from '../../../../features/subscribe/components/my-subscription'
import { useDocumentTitle } from '../../../../ui/use-document-title'

/** The member area's snack box (issue 13): the plan, its state, the boxes paid for, cancel or keep. */
export const Route = createFileRoute('/{-$locale}/_user/user/subscription')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(memberSubscriptionQueryOptions(context.locale))
  },
  component: SubscriptionPage,
})

function SubscriptionPage() {
  const { t } = useLingui()
  useDocumentTitle(t`My snack box`)
  return <MySubscription />
}
