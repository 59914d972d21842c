import { useLingui } from '@lingui/react/macro'
import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router'
import { useSession } from '../../../features/auth/components/use-session'
import { subscriptionPlansQueryOptions } from '../../../features/subscribe/api/get-subscription-plans'
import { SubscribeView } from '../../../features/subscribe/components/subscribe-view'
import { loginHrefFor } from '../../../lib/guards'
import { useDocumentTitle } from '../../../ui/use-document-title'

/** The snack-box subscription page (spec §9, issue 13), open to everyone; buying a plan needs a member. */
export const Route = createFileRoute('/{-$locale}/_minimal/subscribe')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(subscriptionPlansQueryOptions(context.locale))
  },
  component: SubscribePage,
})

function SubscribePage() {
  const { t } = useLingui()
  const { user } = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  useDocumentTitle(t`Monthly Japanese snack box`)
  // a visitor signs in on the login page, which brings them back here afterwards
  const onGuest = () => void navigate({ href: loginHrefFor({ pathname: location.pathname, href: location.href }) })
  return <SubscribeView buyer={user ? { id: user.id, email: user.email } : null} onGuest={onGuest} />
}
