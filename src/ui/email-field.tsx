import { useLingui } from '@lingui/react/macro'
import { TextField } from './text-field'

interface EmailFieldProps {
  value: string
  onChange: (value: string) => void
  error?: string
  hint?: string
  /** takes the focus when its dialog or page opens */
  autoFocusOnOpen?: boolean
}

/** The member's e-mail as signing in, signing up and a forgotten password ask for it. */
export function EmailField({ value, onChange, error, hint, autoFocusOnOpen }: EmailFieldProps) {
  const { t } = useLingui()
  return (
    <TextField
      label={t`E-mail`}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      onChange={onChange}
      error={error}
      hint={hint}
      autoFocusOnOpen={autoFocusOnOpen}
    />
  )
}
