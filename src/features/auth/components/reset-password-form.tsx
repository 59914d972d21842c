import { useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import * as v from 'valibot'
import { LIMITS, MESSAGES, RegisterFormSchema } from '../../../../contract/auth'
import { isApiError } from '@/lib/api-client'
import { serverFieldErrors, validateForm, withLimits, type FieldErrors } from '@/lib/form'
import { homeOf } from '@/lib/guards'
import { NewPasswordFields } from '@/ui/new-password-fields'
import { TextField } from '@/ui/text-field'
import { useResetPassword } from '../api/reset-password'
import { openAuthModal, setAuthMode } from '../stores/auth-modal-store'
import './auth-modal.css'

const ResetFormSchema = v.pick(RegisterFormSchema, ['password', 'password_confirmation'])
const EXPIRED_REDIRECT_MS = 5000
const PASSWORD_LIMIT = [LIMITS.password, MESSAGES.maxPassword] as const

/** Chooses a new password with the mailed link (token and e-mail from its query). */
export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const { t } = useLingui()
  const router = useRouter()
  const [values, setValues] = useState({ password: '', password_confirmation: '' })
  const [submitErrors, setErrors] = useState<FieldErrors>({})
  const errors = withLimits(submitErrors, values, { password: PASSWORD_LIMIT, password_confirmation: PASSWORD_LIMIT })
  const [problem, setProblem] = useState<'expired' | 'invalid' | null>(token && email ? null : 'invalid')
  const mutation = useResetPassword()
  const set = (field: keyof typeof values) => (value: string) => setValues((s) => ({ ...s, [field]: value }))
  const home = homeOf(router.state.location.pathname)

  useEffect(() => {
    if (problem !== 'expired') return
    const timer = setTimeout(() => void router.navigate({ href: home, replace: true }), EXPIRED_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [problem, router, home])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = validateForm(ResetFormSchema, values)
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    mutation.mutate(
      { token, email, ...checked.output },
      {
        onSuccess: () => {
          toast.success(t`Password reset successfully`, { id: 'password-reset' })
          void router.navigate({ href: home }).then(() => openAuthModal({ email }))
        },
        onError: (error) => {
          toast.error(t`Password setting failed`, { id: 'password-reset-failed' })
          if (isApiError(error) && error.code === 'RESET_LINK_EXPIRED') return setProblem('expired')
          if (isApiError(error) && error.code === 'LINK_INVALID') return setProblem('invalid')
          setErrors(serverFieldErrors(error))
        },
      },
    )
  }

  if (problem === 'expired') {
    return (
      <p className="form-alert" role="alert">
        {t`The password reset link has expired, and you will return to the homepage in 5 seconds`}
      </p>
    )
  }
  if (problem === 'invalid') {
    return (
      <div className="auth-view">
        <p className="form-alert" role="alert">
          {t`This password reset link is not valid. It may have been used already; please ask for a new one.`}
        </p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            openAuthModal()
            setAuthMode('forget_password')
          }}
        >
          {t`Ask for a new link`}
        </button>
      </div>
    )
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField label={t`E-mail`} type="email" value={email} onChange={() => undefined} readOnly autoComplete="username" />
      <NewPasswordFields values={values} errors={errors} set={set} />
      <button type="submit" className="button button-primary button-block" disabled={mutation.isPending}>
        {mutation.isPending ? t`Saving…` : t`Reset password`}
      </button>
    </form>
  )
}
