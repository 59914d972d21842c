import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { AuthPage } from '@/features/auth/components/auth-page'
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form'
import { requireAccess } from '@/lib/guards'
import { optionalSearchText } from '@/lib/search-params'
import { routeHead } from '@/lib/page-head'

/** The reset mail's link: /auth/reset_password?token=…&email=… (guests only). */
export const Route = createFileRoute('/{-$locale}/_default/auth/reset_password')({
  validateSearch: v.object({ token: optionalSearchText(200), email: optionalSearchText(200) }),
  beforeLoad: requireAccess('guest'),
  head: routeHead(({ t }) => ({ title: t(msg`Reset password`) })),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { t } = useLingui()
  const { token = '', email = '' } = Route.useSearch()
  return (
    <AuthPage title={t`Reset password`}>
      <ResetPasswordForm token={token} email={email} />
    </AuthPage>
  )
}
