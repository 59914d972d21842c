import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { LIMITS, MESSAGES, RegisterInputSchema, type SocialProvider } from '../../../../contract/auth'
import { COOKIES } from '../../../../contract/constants'
import { getCookie } from '@/lib/cookies'
import { serverFieldErrors, validateForm, withLimits, type FieldErrors, useFocusFirstInvalid } from '@/lib/form'
import { DEFAULT_NATIONALITY } from '@/lib/member-options'
import { useRegister } from '../api/register'
import { AuthFrame, MailSent } from './auth-frame'
import { NewPasswordFields } from '@/ui/new-password-fields'
import { SignUpFields } from './sign-up-fields'

interface RegisterFormProps {
  providers: readonly SocialProvider[]
  termsUrl?: string
  privacyUrl?: string
  redirect?: string
  onDone: () => void
  onLogin: () => void
}

const NAME_LIMIT = [LIMITS.name, MESSAGES.maxName] as const
const PASSWORD_LIMIT = [LIMITS.password, MESSAGES.maxPassword] as const
const FIELD_LIMITS = { first_name: NAME_LIMIT, last_name: NAME_LIMIT, email: [LIMITS.email, MESSAGES.maxEmail] as const, password: PASSWORD_LIMIT, password_confirmation: PASSWORD_LIMIT }

export function RegisterForm({ providers, termsUrl, privacyUrl, redirect, onDone, onLogin }: RegisterFormProps) {
  const { t } = useLingui()
  const [values, setValues] = useState(() => ({
    first_name: '',
    last_name: '',
    email: '',
    phone_number: '',
    password: '',
    password_confirmation: '',
    gender: '',
    birthday: '',
    nationality: DEFAULT_NATIONALITY,
    referrer_code: getCookie(COOKIES.referrerCode) ?? '',
  }))
  const [submitErrors, setErrors] = useState<FieldErrors>({})
  // a limit is said as soon as the text passes it; the inputs never cut what is typed or pasted
  const errors = withLimits(submitErrors, values, FIELD_LIMITS)
  const [sentTo, setSentTo] = useState<string | null>(null)
  // signed up with a friend's code: the welcome coupon waits for the confirmed e-mail (decision 62)
  const [referred, setReferred] = useState(false)
  const mutation = useRegister()
  const formRef = useRef<HTMLFormElement>(null)
  const focusFirst = useFocusFirstInvalid(formRef)

  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input = {
      ...values,
      gender: values.gender || undefined,
      birthday: values.birthday || undefined,
      referrer_code: values.referrer_code.trim() || undefined,
      verify_method: 'EMAIL' as const,
    }
    // the server's rules, checked here too: every field that needs attention says so at once, and
    // the first of them takes the focus (as checkout does)
    const checked = validateForm(RegisterInputSchema, input)
    if (!checked.ok) {
      setErrors(checked.errors)
      focusFirst()
      return
    }
    setErrors({})
    mutation.mutate(checked.output, {
      onSuccess: (user) => {
        toast.success(t`Registration complete`, { id: 'registered' })
        setReferred(Boolean(checked.output.referrer_code))
        setSentTo(user.email)
      },
      onError: (error) => {
        toast.error(t`Error`, { id: 'register-failed' })
        setErrors(serverFieldErrors(error))
        focusFirst()
      },
    })
  }

  if (sentTo !== null) {
    return (
      <MailSent heading={t`Verification e-mail sent`} lead={t`We have sent a verification e-mail to:`} email={sentTo} onDone={onDone}>
        <p className="auth-view__note">{t`Open the link in the e-mail to verify your address, then log in.`}</p>
        {referred ? <p className="auth-view__note">{t`Your friend’s welcome coupon arrives in My coupons once you confirm your e-mail.`}</p> : null}
      </MailSent>
    )
  }

  return (
    <AuthFrame providers={providers} redirect={redirect} switchTo={{ question: t`Already have an account?`, action: t`Log in`, onClick: onLogin }}>
      <form className="form" onSubmit={submit} noValidate ref={formRef}>
        <SignUpFields values={values} errors={errors} set={set} password={<NewPasswordFields values={values} errors={errors} set={set} first />} />
        <p className="auth-view__terms">
          {termsUrl && privacyUrl ? (
            <Trans>
              By signing up you agree to the{' '}
              <a href={termsUrl} target="_blank" rel="noopener noreferrer">
                Terms of use
              </a>{' '}
              and the{' '}
              <a href={privacyUrl} target="_blank" rel="noopener noreferrer">
                Privacy policy
              </a>
              .
            </Trans>
          ) : (
            t`By signing up you agree to the terms of use and the privacy policy.`
          )}
        </p>
        <button type="submit" className="button button-primary button-block" disabled={mutation.isPending}>
          {mutation.isPending ? t`Signing up…` : t`Sign up`}
        </button>
      </form>
    </AuthFrame>
  )
}
