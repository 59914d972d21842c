import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { SOCIAL_PROVIDER_NAMES } from '../../../../contract/auth'
import { isApiError } from '@/lib/api-client'
import { useLocale, useLocalePrefix } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import { linkSocialAccount, pendingSocialLinkQueryOptions } from '../api/social-sign-in'
import { openAuthModal } from '../stores/auth-modal-store'
import { SignInProblem } from './social-callback-view'
import { useSession } from './use-session'


/**
 * A provider account whose e-mail address belongs to an existing account: it is linked only once
 * that account signs in itself (its password, or a provider already linked), never silently.
 */
export function SocialLinkView({ ticket }: { ticket: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const prefix = useLocalePrefix()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { user, ready } = useSession()
  const pending = useQuery(pendingSocialLinkQueryOptions(ticket, locale))
  const [failure, setFailure] = useState<string | null>(null)
  const linking = useRef(false)
  const provider = pending.data ? SOCIAL_PROVIDER_NAMES[pending.data.provider] : ''
  const email = pending.data?.email ?? ''

  useEffect(() => {
    if (!user || !pending.data || linking.current) return
    linking.current = true
    linkSocialAccount(ticket, locale).then(
      () => {
        toast.success(t`${provider} is now linked to your account. Next time, it signs you in.`, { id: 'social-linked' })
        void queryClient.invalidateQueries({ queryKey: ['auth'] })
        void navigate({ to: '/{-$locale}', params: { locale: prefix }, replace: true })
      },
      (error: unknown) => setFailure(isApiError(error) ? error.message : t`Oops...Something went wrong`),
    )
  }, [user, pending.data, ticket, locale, provider, t, queryClient, navigate, prefix])

  if (pending.isError) return <SignInProblem message={t`This sign-in link is not valid.`} />
  if (failure) return <SignInProblem message={failure} />
  if (!pending.data || !ready || user) {
    return (
      <p className="auth-page__status" role="status">
        {user ? t`Linking your account…` : t`Loading…`}
      </p>
    )
  }
  return (
    <div className="auth-view">
      <p className="form-alert form-alert--info" role="status">
        {t`An account with ${email} already exists. Log in to it once to link your ${provider} account; after that, ${provider} signs you in.`}
      </p>
      <div className="auth-page__actions">
        <button type="button" className="button button-primary" onClick={() => openAuthModal({ email, stay: true })}>
          {t`Log in`}
        </button>
      </div>
    </div>
  )
}
