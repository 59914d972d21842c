import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { pendingSocialProfileQueryOptions } from '@/features/auth/api/social-sign-in'
import { AuthPage } from '@/features/auth/components/auth-page'
import { SignInProblem } from '@/features/auth/components/social-callback-view'
import { SocialRegisterForm } from '@/features/auth/components/social-register-form'
import { isApiError } from '@/lib/api-client'
import { requireAccess } from '@/lib/guards'
import { useLocale } from '@/lib/i18n'
import { optionalSearchText } from '@/lib/search-params'
import { routeHead } from '@/lib/page-head'

/** A social sign-in that needs more details (no e-mail or name from the provider); guests only. */
export const Route = createFileRoute('/{-$locale}/_default/auth/social-register')({
  validateSearch: v.object({ ticket: optionalSearchText(200) }),
  beforeLoad: requireAccess('guest'),
  head: routeHead(({ t }) => ({ title: t(msg`Sign up`) })),
  component: SocialRegisterPage,
})

function SocialRegisterPage() {
  const { t } = useLingui()
  const locale = useLocale()
  const { ticket = '' } = Route.useSearch()
  const profile = useQuery({ ...pendingSocialProfileQueryOptions(ticket, locale), enabled: ticket !== '' })
  const problem = ticket === '' ? t`This sign-in link is not valid.` : profile.error ? (isApiError(profile.error) ? profile.error.message : t`Oops...Something went wrong`) : null
  return (
    <AuthPage title={t`Complete your sign-up`}>
      {problem ? (
        <SignInProblem message={problem} />
      ) : profile.data ? (
        <SocialRegisterForm ticket={ticket} profile={profile.data} />
      ) : (
        <p className="auth-page__status" role="status">
          {t`Loading…`}
        </p>
      )}
    </AuthPage>
  )
}
