import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { useEffect } from 'react'
import * as v from 'valibot'
import { AuthPage } from '@/features/auth/components/auth-page'
import { openAuthModal } from '@/features/auth/stores/auth-modal-store'
import { homeOf, safeRedirectPath } from '@/lib/guards'
import { optionalSearchText } from '@/lib/search-params'
import { routeHead } from '@/lib/page-head'

const LoginSearchSchema = v.object({
  /** the guarded page the visitor was sent away from */
  redirect: v.pipe(optionalSearchText(2000), v.transform((value: string | undefined) => safeRedirectPath(value))),
})

/** Where guards send visitors: opens the sign-in dialog and comes back to `redirect` afterwards. */
export const Route = createFileRoute('/{-$locale}/_default/login')({
  validateSearch: LoginSearchSchema,
  beforeLoad: async ({ context, location, search }) => {
    await context.auth.ready()
    if (context.auth.isSignedIn()) throw redirect({ href: search.redirect ?? homeOf(location.pathname), replace: true })
  },
  head: routeHead(({ t }) => ({ title: t(msg`Log in`) })),
  component: LoginPage,
})

function LoginPage() {
  const { t } = useLingui()
  const { redirect: target } = Route.useSearch()
  useEffect(() => {
    openAuthModal({ redirect: target, stay: false })
  }, [target])
  return (
    <AuthPage title={t`Log in`}>
      <p className="auth-page__text">{t`Log in to your account to continue. New here? You can sign up in the same window.`}</p>
      <button type="button" className="button button-primary" onClick={() => openAuthModal({ redirect: target, stay: false })}>
        {t`Log in/Sign up`}
      </button>
    </AuthPage>
  )
}
