import { msg } from '@lingui/core/macro'
import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import type { SubscriptionPlan } from '../../../../contract/subscription'
import { SUBSCRIPTION_PLAN_IDS } from '../../../../contract/subscription-plan-ids'
import { useSession } from '@/features/auth/components/use-session'
import { subscriptionPlansQueryOptions } from '@/features/subscription/api/get-subscription-plans'
import { SubscribeView } from '@/features/subscription/components/subscribe-view'
import { loginHrefFor } from '@/lib/guards'
import { useRecipientBook } from '@/lib/recipient-book'
import { localizePathname } from '@/lib/locale'
import { routeHead } from '@/lib/page-head'

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
  head: routeHead(({ t, locale }) => ({
    title: t(msg`Monthly Japanese snack box`),
    description: t(msg`A box of Japanese snacks delivered every month: choose a plan of 1, 3, 6 or 12 months and save.`),
    canonical: localizePathname('/subscribe', locale),
  })),
  component: SubscribePage,
})

function SubscribePage() {
  const { user } = useSession()
  const { plan } = Route.useSearch()
  const location = useLocation()
  const navigate = useNavigate({ from: Route.fullPath })
  const book = useRecipientBook(user !== null)

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
