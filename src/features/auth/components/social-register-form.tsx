import { useLingui } from '@lingui/react/macro'
import { useRef, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import * as v from 'valibot'
import { LIMITS, MESSAGES, SOCIAL_PROVIDER_NAMES, SocialRegisterInputSchema } from '../../../../contract/auth'
import { COOKIES } from '../../../../contract/constants'
import { isApiError } from '@/lib/api-client'
import { getCookie } from '@/lib/cookies'
import { serverFieldErrors, validateForm, withLimits, type FieldErrors, useFocusFirstInvalid } from '@/lib/form'
import { DEFAULT_NATIONALITY } from '@/lib/member-options'
import { useCompleteSocialRegistration, type PendingSocialProfile } from '../api/social-sign-in'
import { takeSocialRedirect } from '../social-redirect'
import { SignInProblem } from './social-callback-view'
import { useCompleteSignIn } from './use-session'
import { SignUpFields } from './sign-up-fields'

const SocialRegisterFormSchema = v.omit(SocialRegisterInputSchema, ['ticket'])
const NAME_LIMIT = [LIMITS.name, MESSAGES.maxName] as const
const FIELD_LIMITS = { first_name: NAME_LIMIT, last_name: NAME_LIMIT, email: [LIMITS.email, MESSAGES.maxEmail] as const }


/** Completes an account a social sign-in could not create alone (no e-mail, or no name). */
export function SocialRegisterForm({ ticket, profile }: { ticket: string; profile: PendingSocialProfile }) {
  const { t } = useLingui()
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
  const set = (field: keyof typeof values) => (value: string) => setValues((s) => ({ ...s, [field]: value }))
  const provider = SOCIAL_PROVIDER_NAMES[profile.provider]

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

  return (
    <form className="form" onSubmit={submit} noValidate ref={formRef}>
      <p className="auth-view__intro">{t`You signed in with ${provider}. Please complete your details to create your account.`}</p>
      <SignUpFields
        values={values}
        errors={errors}
        set={set}
        emailHint={profile.email ? undefined : t`${provider} did not share an e-mail. We will send a verification e-mail to this address.`}
      />
      <button type="submit" className="button button-primary button-block" disabled={mutation.isPending}>
        {mutation.isPending ? t`Signing up…` : t`Create my account`}
      </button>
    </form>
  )
}
