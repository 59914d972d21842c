import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { toast } from '@/lib/toast'
import type { LoginResult } from '../../../../contract/auth'
import type { Locale } from '../../../../contract/constants'
import { useLocale, useLocalePrefix } from '@/lib/i18n'
import { exchangeSocialCode, type AuthSource } from '../api/social-sign-in'
import { forgetPendingAction } from '@/lib/pending-action'
import { takeSocialRedirect } from '../social-redirect'
import { openAuthModal } from '../stores/auth-modal-store'
import { useCompleteSignIn } from './use-session'

export type SocialFailure = 'expired' | 'unknown' | 'cancelled' | 'failed' | 'email_in_use'

// the code works once: a second effect run (React's strict mode) must reuse the first request
const exchanges = new Map<string, Promise<LoginResult>>()
const exchangeOnce = (code: string, locale: Locale) => {
  let pending = exchanges.get(code)
  if (!pending) {
    pending = exchangeSocialCode(code, locale)
    exchanges.set(code, pending)
  }
  return pending
}

interface SocialCallbackViewProps {
  code?: string
  source: AuthSource
  error?: SocialFailure | 'invalid'
}

/** The return from Google, Facebook or LINE: trades the code for a session, or explains what went wrong. */
export function SocialCallbackView({ code, source, error }: SocialCallbackViewProps) {
  const { t } = useLingui()
  const locale = useLocale()
  const completeSignIn = useCompleteSignIn()
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    if (error || !code) return
    let active = true
    exchangeOnce(code, locale).then(
      (result) => {
        if (active) completeSignIn(result, { redirect: takeSocialRedirect(), source })
      },
      (problem: unknown) => {
        if (!active) return
        toast.error(t`Sign-in failed`, { id: 'sign-in-failed' })
        setFailure(problem instanceof Error ? problem.message : t`Oops...Something went wrong`)
      },
    )
    return () => {
      active = false
    }
    // completeSignIn changes identity every render; the exchange must run once per code
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, error])

  const reasons: Record<SocialFailure | 'invalid', string> = {
    expired: t`The sign-in took too long and has expired. Please try again.`,
    unknown: t`This sign-in did not start in this browser (LINE may open links in a browser of its own), or it was already used. Please start it again here.`,
    cancelled: t`The sign-in was cancelled.`,
    failed: t`We could not sign you in with that account. Please try again.`,
    email_in_use: t`An account with this e-mail already exists. Log in with your e-mail and password first; after the e-mail is verified you can also sign in with this account.`,
    invalid: t`This sign-in link is not valid.`,
  }
  const message = error ? reasons[error] : !code ? reasons.invalid : failure

  if (!message) {
    return (
      <p className="auth-page__status" role="status">
        {t`Signing you in…`}
      </p>
    )
  }
  return <SignInProblem message={message} />
}

export function SignInProblem({ message }: { message: string }) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  // the sign-in did not happen: what the visitor had started is not finished by a later one
  useEffect(forgetPendingAction, [])
  return (
    <div className="auth-view">
      <p className="form-alert" role="alert">
        {message}
      </p>
      <div className="auth-page__actions">
        <button type="button" className="button button-primary" onClick={() => openAuthModal()}>
          {t`Log in`}
        </button>
        <Link to="/{-$locale}" params={{ locale }} className="button button-secondary">
          {t`Back to home`}
        </Link>
      </div>
    </div>
  )
}
