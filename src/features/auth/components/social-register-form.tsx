import { useLingui } from '@lingui/react/macro'
import { useRef, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import * as v from 'valibot'
import { GENDERS, LIMITS, MESSAGES, SocialRegisterInputSchema } from '../../../../contract/auth'
import { COOKIES } from '../../../../contract/constants'
import { isApiError } from '@/lib/api-client'
import { getCookie } from '@/lib/cookies'
import { serverFieldErrors, validateForm, withLimits, type FieldErrors, useFocusFirstInvalid } from '@/lib/form'
import { useLocale } from '@/lib/i18n'
import { DEFAULT_NATIONALITY, GENDER_LABELS, NATIONALITIES } from '@/lib/member-options'
import { SelectField, TextField } from '@/ui/text-field'
import { useCompleteSocialRegistration, type PendingSocialProfile } from '../api/social-sign-in'
import { takeSocialRedirect } from '../social-redirect'
import { SignInProblem } from './social-callback-view'
import { useCompleteSignIn } from './use-session'

const SocialRegisterFormSchema = v.omit(SocialRegisterInputSchema, ['ticket'])
const NAME_LIMIT = [LIMITS.name, MESSAGES.maxName] as const
const FIELD_LIMITS = { first_name: NAME_LIMIT, last_name: NAME_LIMIT, email: [LIMITS.email, MESSAGES.maxEmail] as const }

const PROVIDER_NAMES = { google: 'Google', facebook: 'Facebook' } as const

/** Completes an account a social sign-in could not create alone (no e-mail, or no name). */
export function SocialRegisterForm({ ticket, profile }: { ticket: string; profile: PendingSocialProfile }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const completeSignIn = useCompleteSignIn()
  const mutation = useCompleteSocialRegistration()
  const [values, setValues] = useState(() => ({
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email ?? '',
    phone_number: '',
    gender: '',
    birthday: '',
    nationality: DEFAULT_NATIONALITY,
    referrer_code: getCookie(COOKIES.referrerCode) ?? '',
  }))
  const [submitErrors, setErrors] = useState<FieldErrors>({})
  const errors = withLimits(submitErrors, values, FIELD_LIMITS)
  const formRef = useRef<HTMLFormElement>(null)
  const focusFirst = useFocusFirstInvalid(formRef)
  const [invalid, setInvalid] = useState<string | null>(null)
  const [maxBirthday] = useState(() => new Date().toISOString().slice(0, 10))
  const set = (field: keyof typeof values) => (value: string) => setValues((s) => ({ ...s, [field]: value }))
  const provider = PROVIDER_NAMES[profile.provider]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = validateForm(SocialRegisterFormSchema, { ...values, gender: values.gender || undefined, birthday: values.birthday || undefined, referrer_code: values.referrer_code.trim() || undefined })
    if (!checked.ok) {
      setErrors(checked.errors)
      focusFirst()
      return
    }
    setErrors({})
    mutation.mutate(
      { ticket, ...checked.output },
      {
        onSuccess: (result) => {
          toast.success(t`Registration complete`, { id: 'registered' })
          completeSignIn(result, { redirect: takeSocialRedirect(), source: profile.source })
        },
        onError: (error) => {
          toast.error(t`Error`, { id: 'register-failed' })
          if (isApiError(error) && error.code === 'LINK_INVALID') return setInvalid(error.message)
          setErrors(serverFieldErrors(error))
          focusFirst()
        },
      },
    )
  }

  if (invalid) return <SignInProblem message={invalid} />

  const firstName = (
    <TextField key="first" label={t`First name`} name="first_name" autoComplete="given-name" value={values.first_name} onChange={set('first_name')} error={errors.first_name} />
  )
  const lastName = (
    <TextField key="last" label={t`Last name`} name="last_name" autoComplete="family-name" value={values.last_name} onChange={set('last_name')} error={errors.last_name} />
  )

  return (
    <form className="form" onSubmit={submit} noValidate ref={formRef}>
      <p className="auth-view__intro">{t`You signed in with ${provider}. Please complete your details to create your account.`}</p>
      <div className="form-row form-row--2">{locale === 'en' ? [firstName, lastName] : [lastName, firstName]}</div>
      <TextField
        label={t`E-mail`}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        hint={profile.email ? undefined : t`${provider} did not share an e-mail. We will send a verification e-mail to this address.`}
      />
      <TextField label={t`Phone number`} type="tel" name="phone_number" autoComplete="tel" maxLength={20} value={values.phone_number} onChange={set('phone_number')} error={errors.phone_number} />
      <div className="form-row form-row--2">
        <SelectField label={t`Gender`} name="gender" value={values.gender} onChange={set('gender')} options={[{ value: '', label: t`Not specified` }, ...GENDERS.map((g) => ({ value: g, label: i18n._(GENDER_LABELS[g]) }))]} error={errors.gender} />
        <TextField label={t`Birthday`} type="date" name="birthday" max={maxBirthday} value={values.birthday} onChange={set('birthday')} error={errors.birthday} />
      </div>
      <SelectField
        label={t`Nationality`}
        name="nationality"
        value={values.nationality}
        onChange={set('nationality')}
        options={NATIONALITIES.map((n) => ({ value: n.value, label: i18n._(n.label) }))}
        error={errors.nationality}
      />
      <TextField label={t`Referral code (optional)`} name="referrer_code" autoComplete="off" maxLength={32} value={values.referrer_code} onChange={set('referrer_code')} error={errors.referrer_code} />
      <button type="submit" className="button button-primary button-block" disabled={mutation.isPending}>
        {mutation.isPending ? t`Signing up…` : t`Create my account`}
      </button>
    </form>
  )
}
