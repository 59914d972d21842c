import { useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { ForgotPasswordFormSchema, LIMITS, MESSAGES, type SocialProvider } from '../../../../contract/auth'
import { isApiError } from '@/lib/api-client'
import { overLimit, serverFieldErrors, validateForm } from '@/lib/form'
import { EmailField } from '@/ui/email-field'
import { useForgotPassword } from '../api/forgot-password'
import { cooldownAt, lastSendFromRetryAfter, readLastSend } from '../cooldown'
import { AuthFrame, MailSent } from './auth-frame'
import { useResendCooldown } from './use-resend-cooldown'

interface ForgotPasswordFormProps {
  providers: readonly SocialProvider[]
  redirect?: string
  onDone: () => void
}

/**
 * Asks for a reset mail, then shows where it went with a resend link. Another mail may be asked
 * for 30 s after the last one; trying earlier shows a reminder and a countdown on the button
 * (spec section 4), and the same happens when the form opens within that time.
 */
export function ForgotPasswordForm({ providers, redirect, onDone }: ForgotPasswordFormProps) {
  const { t } = useLingui()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [sent, setSent] = useState<{ email: string; resent: boolean } | null>(null)
  // shown at once when the form opens less than 32 s after the last mail
  const [wantsReminder, setWantsReminder] = useState(() => cooldownAt(readLastSend(), Date.now()).reminder)
  const cooldown = useResendCooldown()
  const mutation = useForgotPassword()
  const showReminder = wantsReminder && cooldown.reminder
  const seconds = cooldown.remaining
  const waiting = showReminder && !cooldown.canSend

  const send = (address: string, resent: boolean) => {
    mutation.mutate(address, {
      onSuccess: (ok) => {
        if (!ok) return void toast.error(t`The e-mail could not be sent`, { id: 'forgot-failed' })
        cooldown.record()
        setWantsReminder(false)
        setSent({ email: address, resent })
        toast.success(resent ? t`The e-mail has been sent again` : t`The e-mail has been sent`, { id: 'forgot-sent' })
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.code === 'RESEND_TOO_SOON') {
          cooldown.record(lastSendFromRetryAfter(failure.detailNumber('retry_after') ?? LIMITS.resendCooldown, Date.now()))
          setWantsReminder(true)
          return
        }
        const fieldErrors = serverFieldErrors(failure)
        if (fieldErrors.email) return setError(fieldErrors.email)
        toast.error(t`The e-mail could not be sent`, { id: 'forgot-failed', description: isApiError(failure) ? failure.message : undefined })
      },
    })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!cooldown.canSend) return setWantsReminder(true)
    const checked = validateForm(ForgotPasswordFormSchema, { email })
    if (!checked.ok) return setError(checked.errors.email)
    setError(undefined)
    send(checked.output.email, false)
  }

  if (sent) {
    return (
      <MailSent lead={sent.resent ? t`We have sent the password reset e-mail again to:` : t`We have sent a password reset e-mail to:`} email={sent.email} onDone={onDone}>
        <p className="auth-view__note">{t`Open the link in the e-mail to choose a new password. The link is valid for 60 minutes.`}</p>
        {showReminder ? (
          <p className="form-alert form-alert--info" role="alert">
            {t`Please wait 30 seconds before asking for another e-mail.`}
          </p>
        ) : null}
        <p className="auth-view__resend">
          {t`Didn't get it?`}{' '}
          <button type="button" className="link-button" disabled={!cooldown.canSend || mutation.isPending} onClick={() => send(sent.email, true)}>
            {cooldown.canSend ? t`Resend` : t`Resend (${seconds} s)`}
          </button>
        </p>
      </MailSent>
    )
  }

  return (
    <AuthFrame providers={providers} redirect={redirect}>
      <form className="form" onSubmit={submit} noValidate>
        <p className="auth-view__intro">{t`Enter the e-mail you signed up with and we will send you a link to reset your password.`}</p>
        {showReminder ? (
          <p className="form-alert form-alert--info" role="alert">
            {t`Please wait 30 seconds before asking for another e-mail.`}
          </p>
        ) : null}
        <EmailField value={email} onChange={setEmail} error={overLimit(email, LIMITS.email, MESSAGES.maxEmail) ?? error} autoFocusOnOpen />
        <button type="submit" className="button button-primary button-block" disabled={waiting || mutation.isPending}>
          {waiting ? t`Send (${seconds} s)` : t`Send`}
        </button>
      </form>
    </AuthFrame>
  )
}
