import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { GenderBirthdayFields, NameFields, NationalityField, PhoneField } from '@/ui/profile-fields'
import { EmailField } from '@/ui/email-field'
import { TextField } from '@/ui/text-field'

type SignUpField = 'first_name' | 'last_name' | 'email' | 'phone_number' | 'gender' | 'birthday' | 'nationality' | 'referrer_code'

interface SignUpFieldsProps {
  values: Record<SignUpField, string>
  errors: Partial<Record<string, string>>
  set: (field: SignUpField) => (value: string) => void
  /** said under the e-mail (a provider that shared none) */
  emailHint?: string
  /** the new password's fields, after the phone (signing up with a password) */
  password?: ReactNode
}

/** What signing up asks for, with a password or through a provider: the same fields in the same order. */
export function SignUpFields({ values, errors, set, emailHint, password }: SignUpFieldsProps) {
  const { t } = useLingui()
  return (
    <>
      <NameFields values={values} errors={errors} set={set} />
      <EmailField value={values.email} onChange={set('email')} error={errors.email} hint={emailHint} />
      <PhoneField values={values} errors={errors} set={set} />
      {password}
      <GenderBirthdayFields values={values} errors={errors} set={set} />
      <NationalityField values={values} errors={errors} set={set} />
      <TextField label={t`Referral code (optional)`} name="referrer_code" autoComplete="off" maxLength={32} value={values.referrer_code} onChange={set('referrer_code')} error={errors.referrer_code} />
    </>
  )
}
