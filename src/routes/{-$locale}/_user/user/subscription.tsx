import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { memberSubscriptionQueryOptions } from '@/features/subscription/api/get-member-subscription'
import { MySubscription } from '@/features/subscription/components/my-subscription'
import { useRecipientBook } from '@/lib/recipient-book'
import { routeHead } from '@/lib/page-head'

/** The payment page sends the member back here with its session's id. */
const SubscriptionSearchSchema = v.object({
  session_id: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^cs_[\w]{1,255}$/))), undefined),
})

/** The member area's snack box (issue 13): the plan, its state, its recipient, the boxes paid for, cancel or keep. */
export const Route = createFileRoute('/{-$locale}/_user/user/subscription')({
  validateSearch: SubscriptionSearchSchema,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(memberSubscriptionQueryOptions(context.locale))
  },
  head: routeHead(({ t }) => ({ title: t(msg`My snack box`) })),
  component: SubscriptionPage,
})

function SubscriptionPage() {
  const { session_id: sessionId } = Route.useSearch()
  const book = useRecipientBook()
  return <MySubscription fromCheckout={sessionId !== undefined} book={book} />
}
