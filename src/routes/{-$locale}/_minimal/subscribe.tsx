import { useLingui } from '@lingui/react/macro'
import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import type { SubscriptionPlan } from '../../../../contract/subscription'
import { SUBSCRIPTION_PLAN_IDS } from '../../../../contract/subscription-plan-ids'
import { useSession } from '@/features/auth/components/use-session'
import { subscriptionPlansQueryOptions } from '@/features/subscription/api/get-subscription-plans'
import { SubscribeView } from '@/features/subscription/components/subscribe-view'
import { loginHrefFor } from '@/lib/guards'
import { useRecipientBook } from '@/lib/recipient-book'
import { useDocumentTitle } from '@/ui/use-document-title'

/** `plan`: the plan chosen, kept in the address so signing in comes back to it. */
const SubscribeSearchSchema = v.object({
  plan: v.fallback(v.optional(v.picklist(SUBSCRIPTION_PLAN_IDS)), undefined),
})

/** The snack-box subscription page (spec §9, issue 13), open to everyone; buying a plan needs a member. */
export const Route = createFileRoute('/{-$locale}/_minimal/subscribe')({
  validateSearch: SubscribeSearchSchema,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(subscriptionPlansQueryOptions(context.locale))
  },
  component: SubscribePage,
})

function SubscribePage() {
  const { t } = useLingui()
  const { user } = useSession()
  const { plan } = Route.useSearch()
  const location = useLocation()
  const navigate = useNavigate({ from: Route.fullPath })
  const book = useRecipientBook(user !== null)
  useDocumentTitle(t`Monthly Japanese snack box`)

  const onChoose = (chosen: SubscriptionPlan) => {
    if (!user) {
      // a visitor signs in on the login page, which brings them back here with the plan still chosen
      const search = new URLSearchParams({ plan: chosen.id })
      void navigate({ href: loginHrefFor({ pathname: location.pathname, href: `${location.pathname}?${search.toString()}` }) })
      return
    }
    void navigate({ search: { plan: chosen.id } })
  }
  const onChangePlan = () => void navigate({ search: {} })
  return <SubscribeView chosen={plan} signedIn={user !== null} book={book} onChoose={onChoose} onChangePlan={onChangePlan} />
}
