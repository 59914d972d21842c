import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { toast } from '@/lib/toast'
import * as v from 'valibot'
import { ProfileCard } from '@/features/account/components/profile-card'
import { SendVerificationButton } from '@/features/auth/components/send-verification-button'
import { refreshUser, useSession } from '@/features/auth/components/use-session'
import { auth } from '@/features/auth/stores/auth-store'
import { optionalSearchChoice } from '@/lib/search-params'
import { routeHead } from '@/lib/page-head'

const InfoSearchSchema = v.object({
  /** set by the API when the verification mail's link brings the member here */
  verified: optionalSearchChoice(['1', 'already', 'expired', 'invalid']),
})

export const Route = createFileRoute('/{-$locale}/_user/user/info')({
  validateSearch: InfoSearchSchema,
  head: routeHead(({ t }) => ({ title: t(msg`My info`) })),
  component: InfoPage,
})

function InfoPage() {
  const { t } = useLingui()
  const { user } = useSession()
  const { verified } = Route.useSearch()
  const navigate = Route.useNavigate()

  useEffect(() => {
    if (!verified) return
    if (verified === '1') {
      toast.success(t`Your e-mail has been verified`, { id: 'email-verified' })
      void refreshUser()
    } else if (verified === 'already') {
      // a verification link followed a second time: nothing is wrong, the address is verified
      toast.success(t`Your e-mail is already verified`, { id: 'email-verified' })
      void refreshUser()
    } else if (verified === 'expired') {
      toast.error(t`The verification link has expired. Please send a new verification e-mail.`, { id: 'email-verify-expired' })
    } else {
      toast.error(t`The verification link is not valid.`, { id: 'email-verify-invalid' })
    }
    void navigate({ search: {}, replace: true, resetScroll: false })
  }, [verified, navigate, t])

  if (!user) return null
  return <ProfileCard user={user} onSaved={(saved) => auth.setUser(saved)} verificationAction={<SendVerificationButton variant="link" />} />
}
