import { useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { ChangePasswordFormSchema, LIMITS, MESSAGES, type LoginResult } from '../../../../contract/auth'
import { serverFieldErrors, validateForm, withLimits, type FieldErrors } from '@/lib/form'
import { NewPasswordFields } from '@/ui/new-password-fields'
import { TextField } from '@/ui/text-field'
import { useChangePassword } from '../api/change-password'

const EMPTY = { old_password: '', password: '', password_confirmation: '' }
const PASSWORD_LIMIT = [LIMITS.password, MESSAGES.maxPassword] as const
const FIELD_LIMITS = { old_password: PASSWORD_LIMIT, password: PASSWORD_LIMIT, password_confirmation: PASSWORD_LIMIT }

/** Changes the password; the server signs out every other device and hands this one a new token. */
export function ChangePasswordForm({ onChanged }: { onChanged: (result: LoginResult) => void }) {
  const { t } = useLingui()
  const [values, setValues] = useState(EMPTY)
  const [submitErrors, setErrors] = useState<FieldErrors>({})
  const errors = withLimits(submitErrors, values, FIELD_LIMITS)
  const mutation = useChangePassword()
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = validateForm(ChangePasswordFormSchema, values)
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    mutation.mutate(checked.output, {
      onSuccess: (result) => {
        onChanged(result)
        setValues(EMPTY)
        toast.success(t`Password changed successfully`, { id: 'password-changed' })
      },
      onError: (error) => {
        toast.error(t`Password setting failed`, { id: 'password-failed' })
        setErrors(serverFieldErrors(error))
      },
    })
  }

  return (
    <section className="panel" aria-labelledby="password-title">
      <div className="panel__head">
        <h1 id="password-title" className="panel__title">
          {t`Change password`}
        </h1>
      </div>
      <p className="panel__intro">{t`After the change, every other device you signed in on is signed out.`}</p>
      <form className="form panel__narrow" onSubmit={submit} noValidate>
        <TextField
          label={t`Current password`}
          type="password"
          name="old_password"
          autoComplete="current-password"
          value={values.old_password}
          onChange={set('old_password')}
          error={errors.old_password}
        />
        <NewPasswordFields values={values} errors={errors} set={set} />
        <button type="submit" className="button button-primary" disabled={mutation.isPending}>
          {mutation.isPending ? t`Saving…` : t`Change password`}
        </button>
      </form>
    </section>
  )
}
