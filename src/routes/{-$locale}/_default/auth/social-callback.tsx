import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { AuthPage } from '@/features/auth/components/auth-page'
import { SocialCallbackView } from '@/features/auth/components/social-callback-view'
import { SocialLinkView } from '@/features/auth/components/social-link-view'
import { optionalSearchChoice, optionalSearchText } from '@/lib/search-params'
import { routeHead } from '@/lib/page-head'

const SocialCallbackSearchSchema = v.object({
  code: optionalSearchText(200),
  source: optionalSearchChoice(['ec', 'subscribe']),
  error: optionalSearchChoice(['expired', 'unknown', 'cancelled', 'failed', 'email_in_use']),
  /** a provider account waiting for the existing account with its address to sign in */
  link: optionalSearchText(200),
})

/** Where the API sends the browser back from Google, Facebook or LINE (open to everyone: it signs in). */
export const Route = createFileRoute('/{-$locale}/_default/auth/social-callback')({
  validateSearch: SocialCallbackSearchSchema,
  head: routeHead(({ t }) => ({ title: t(msg`Log in`) })),
  component: SocialCallbackPage,
})

function SocialCallbackPage() {
  const { t } = useLingui()
  const { code, source = 'ec', error, link } = Route.useSearch()
  return (
    <AuthPage title={t`Log in`}>
      {link && !code && !error ? <SocialLinkView ticket={link} /> : <SocialCallbackView code={code} source={source} error={error} />}
    </AuthPage>
  )
}
