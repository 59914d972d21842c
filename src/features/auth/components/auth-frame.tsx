import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, type ReactNode } from 'react'
import type { SocialProvider } from '../../../../contract/auth'
import { MailIcon } from '@/ui/icons'
import { SocialButtons } from './social-buttons'

interface AuthFrameProps {
  /** the view's form */
  children: ReactNode
  /** the providers offered under the form, "or" between (none: nothing) */
  providers?: readonly SocialProvider[]
  /** where a sign-in through a provider comes back to */
  redirect?: string
  /** the line under it all that opens the other view (log in ↔ sign up) */
  switchTo?: { question: string; action: string; onClick: () => void }
}

/** What the log-in, sign-up and forgotten-password views share around their forms, in the dialog and on their pages. */
export function AuthFrame({ children, providers = [], redirect, switchTo }: AuthFrameProps) {
  const { t } = useLingui()
  return (
    <div className="auth-view">
      {children}
      {providers.length > 0 ? (
        <>
          <p className="divider">{t`or`}</p>
          <SocialButtons providers={providers} redirect={redirect} />
        </>
      ) : null}
      {switchTo ? (
        <p className="auth-view__switch">
          {switchTo.question}{' '}
          <button type="button" className="link-button" onClick={switchTo.onClick}>
            {switchTo.action}
          </button>
        </p>
      ) : null}
    </div>
  )
}

interface MailSentProps {
  heading?: string
  /** "We have sent … to:", announced with the address */
  lead: string
  email: string
  /** what to do with the mail, and anything else the view offers (sending it again) */
  children?: ReactNode
  onDone: () => void
}

/** A view once its e-mail has gone: where to, what to do with it, and a button to close, which takes the focus. */
export function MailSent({ heading, lead, email, children, onDone }: MailSentProps) {
  const { t } = useLingui()
  const confirmRef = useRef<HTMLButtonElement>(null)
  useEffect(() => confirmRef.current?.focus(), [])
  return (
    <div className="auth-view auth-view--done">
      <span className="auth-view__badge" aria-hidden="true">
        <MailIcon size={28} />
      </span>
      <div className="auth-view__sent" role="status">
        {heading ? <h3 className="auth-view__heading">{heading}</h3> : null}
        <p>{lead}</p>
        <p className="auth-view__email">{email}</p>
      </div>
      {children}
      <button ref={confirmRef} type="button" className="button button-primary button-block" onClick={onDone}>
        {t`Confirm`}
      </button>
    </div>
  )
}
