import { useLingui } from '@lingui/react/macro'
import { TextField } from './text-field'

interface NewPasswordFieldsProps {
  values: { password: string; password_confirmation: string }
  errors: Partial<Record<string, string>>
  set: (field: 'password' | 'password_confirmation') => (value: string) => void
  /** a member's first password (registration): "Password", not "New password" */
  first?: boolean
}

/** A new password and its confirmation, as the registration, change-password and reset-password forms ask for them. */
export function NewPasswordFields({ values, errors, set, first = false }: NewPasswordFieldsProps) {
  const { t } = useLingui()
  return (
    <>
      <TextField
        label={first ? t`Password` : t`New password`}
        type="password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        hint={t`At least 8 characters`}
      />
      <TextField
        label={first ? t`Confirm password` : t`Confirm new password`}
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        value={values.password_confirmation}
        onChange={set('password_confirmation')}
        error={errors.password_confirmation}
      />
    </>
  )
}
