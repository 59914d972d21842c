import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { useCreateRecipient } from '../../../../features/checkout/api/create-recipient'
import { recipientsQueryOptions } from '../../../../features/checkout/api/get-recipients'
import { countyLabel, districtLabel } from '../../../../features/checkout/components/place-names'
import { memberSubscriptionQueryOptions } from '../../../../features/subscribe/api/get-member-subscription'
import { MySubscription } from '../../../../features/subscribe/components/my-subscription'
import type { RecipientBook } from '../../../../features/subscribe/recipient-book'
import { useLocale } from '../../../../lib/i18n'
import { useDocumentTitle } from '../../../../ui/use-document-title'

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
  component: SubscriptionPage,
})

function SubscriptionPage() {
  const { t } = useLingui()
  const { session_id: sessionId } = Route.useSearch()
  const recipients = useQuery(recipientsQueryOptions(useLocale()))
  const create = useCreateRecipient()
  const book: RecipientBook = { list: recipients.data, failed: recipients.isError && !recipients.data, save: (input) => create.mutateAsync(input), countyLabel, districtLabel }
  useDocumentTitle(t`My snack box`)
  return <MySubscription fromCheckout={sessionId !== undefined} book={book} />
}
