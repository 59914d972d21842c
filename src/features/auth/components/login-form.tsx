import { Plural, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { LIMITS, LoginFormSchema, MESSAGES, type SocialProvider } from '../../../../contract/auth'
import { isApiError } from '@/lib/api-client'
import { serverFieldErrors, validateForm, withLimits, type FieldErrors } from '@/lib/form'
import { EmailField } from '@/ui/email-field'
import { TextField } from '@/ui/text-field'
import { useLogin } from '../api/login'
import { AuthFrame } from './auth-frame'
import { useCompleteSignIn } from './use-session'

/** a lock-out's wait: in seconds when the server says so (an account's slowdown holds tries back a minute at most) */
type Problem = { kind: 'message'; text: string } | { kind: 'locked'; minutes: number; seconds?: number }

interface LoginFormProps {
  initialEmail?: string
  redirect?: string
  /** without a redirect, stay on this page after signing in (the dialog) instead of going home */
  stay?: boolean
  /** where a sign-in through a provider comes back to (default: redirect) */
  socialRedirect?: string
  providers: readonly SocialProvider[]
  /** minutes of a lock-out, when the server does not say */
  /** LOCK_MINUTES from the shop's config; undefined until it is loaded */
  lockMinutes: number | undefined
  onForgot: () => void
  onRegister: () => void
}

export function LoginForm({ initialEmail = '', redirect, stay = false, socialRedirect = redirect, providers, lockMinutes, onForgot, onRegister }: LoginFormProps) {
  const { t } = useLingui()
  const [values, setValues] = useState({ email: initialEmail, password: '' })
  const [submitErrors, setErrors] = useState<FieldErrors>({})
  const errors = withLimits(submitErrors, values, { email: [LIMITS.email, MESSAGES.maxEmail], password: [LIMITS.password, MESSAGES.maxPassword] })
  const [problem, setProblem] = useState<Problem | null>(null)
  const mutation = useLogin()
  const completeSignIn = useCompleteSignIn()

  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setProblem(null)
    const checked = validateForm(LoginFormSchema, values)
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    mutation.mutate(checked.output, {
      onSuccess: (result) => completeSignIn(result, { redirect, stay }),
      onError: (error) => {
        toast.error(t`Sign-in failed`, { id: 'sign-in-failed' })
        if (!isApiError(error)) return setProblem({ kind: 'message', text: t`Oops...Something went wrong` })
        if (error.code === 'TOO_MANY_ATTEMPTS') {
          const seconds = error.detailNumber('retry_after')
          const minutes = error.detailNumber('lock_minutes') ?? lockMinutes ?? (seconds === undefined ? undefined : Math.ceil(seconds / 60))
          // nothing says how long: the server's own words, in the page's language
          if (minutes === undefined) return setProblem({ kind: 'message', text: error.message })
          return setProblem({ kind: 'locked', minutes, seconds })
        }
        if (error.code === 'VALIDATION_FAILED') return setErrors(serverFieldErrors(error))
        setProblem({ kind: 'message', text: error.message })
      },
    })
  }

  return (
    <AuthFrame providers={providers} redirect={socialRedirect} switchTo={{ question: t`New here?`, action: t`Create an account`, onClick: onRegister }}>
      <form className="form" onSubmit={submit} noValidate>
        {problem ? (
          <p className="form-alert" role="alert">
            {problem.kind === 'locked' ? (
              <LockedMessage minutes={problem.minutes} seconds={problem.seconds} />
            ) : (
              problem.text
            )}
          </p>
        ) : null}
        <EmailField value={values.email} onChange={set('email')} error={errors.email} autoFocusOnOpen />
        <TextField
          label={t`Password`}
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <div className="auth-view__aside">
          <button type="button" className="link-button" onClick={onForgot}>
            {t`Forgot password?`}
          </button>
        </div>
        <button type="submit" className="button button-primary button-block" disabled={mutation.isPending}>
          {mutation.isPending ? t`Logging in…` : t`Log in`}
        </button>
      </form>
    </AuthFrame>
  )
}

/** Waits shorter than this are told in seconds, longer ones in minutes. */
const SECONDS_SHOWN_BELOW = 120

/** How long a locked sign-in waits: seconds for a short hold, else minutes (`seconds` unsaid by an older server). */
export function LockedMessage({ minutes, seconds }: { minutes: number; seconds?: number }) {
  if (seconds !== undefined && seconds < SECONDS_SHOWN_BELOW) {
    return (
      <Plural
        value={seconds}
        one="Wrong account or password too many times, please try again in # second"
        other="Wrong account or password too many times, please try again in # seconds"
      />
    )
  }
  return (
    <Plural
      value={minutes}
      one="Wrong account or password too many times, please try again after # minute"
      other="Wrong account or password too many times, please try again after # minutes"
    />
  )
}
