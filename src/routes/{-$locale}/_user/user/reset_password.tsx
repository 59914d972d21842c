import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { ChangePasswordForm } from '@/features/account/components/change-password-form'
import { auth } from '@/features/auth/stores/auth-store'
import { routeHead } from '@/lib/page-head'

/** Changing the password; members who signed up through Google or Facebook have none to change. */
export const Route = createFileRoute('/{-$locale}/_user/user/reset_password')({
  beforeLoad: ({ params }) => {
    if (auth.state.user?.has_password === false) throw redirect({ to: '/{-$locale}/user/info', params: { locale: params.locale }, replace: true })
  },
  head: routeHead(({ t }) => ({ title: t(msg`Change password`) })),
  component: ChangePasswordPage,
})

function ChangePasswordPage() {
  // every token was revoked by the change: the one that came back keeps this device signed in
  return <ChangePasswordForm onChanged={(result) => auth.signIn(result)} />
}
