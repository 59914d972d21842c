import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { AuthPage } from '@/features/auth/components/auth-page'
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form'
import { requireAccess } from '@/lib/guards'
import { optionalSearchText } from '@/lib/search-params'
import { useDocumentTitle } from '@/ui/use-document-title'

/** The reset mail's link: /auth/reset_password?token=…&email=… (guests only). */
export const Route = createFileRoute('/{-$locale}/_default/auth/reset_password')({
  validateSearch: v.object({ token: optionalSearchText(200), email: optionalSearchText(200) }),
  beforeLoad: requireAccess('guest'),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { t } = useLingui()
  const { token = '', email = '' } = Route.useSearch()
  useDocumentTitle(t`Reset password`)
  return (
    <AuthPage title={t`Reset password`}>
      <ResetPasswordForm token={token} email={email} />
    </AuthPage>
  )
}
