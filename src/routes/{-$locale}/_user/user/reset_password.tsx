import { useLingui } from '@lingui/react/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { ChangePasswordForm } from '@/features/account/components/change-password-form'
import { auth } from '@/features/auth/stores/auth-store'
import { useDocumentTitle } from '@/ui/use-document-title'

/** Changing the password; members who signed up through Google or Facebook have none to change. */
export const Route = createFileRoute('/{-$locale}/_user/user/reset_password')({
  beforeLoad: ({ params }) => {
    if (auth.state.user?.has_password === false) throw redirect({ to: '/{-$locale}/user/info', params: { locale: params.locale }, replace: true })
  },
  component: ChangePasswordPage,
})

function ChangePasswordPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Change password`)
  // every token was revoked by the change: the one that came back keeps this device signed in
  return <ChangePasswordForm onChanged={(result) => auth.signIn(result)} />
}
