import { useLingui } from '@lingui/react/macro'
import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { toast } from '@/lib/toast'
import { LIMITS, MESSAGES, ProfileInputSchema, type AuthUser } from '../../../../contract/auth'
import { LOCALES, type Locale } from '../../../../contract/constants'
import { serverFieldErrors, validateForm, withLimits, type FieldErrors, useFocusFirstInvalid } from '@/lib/form'
import { LOCALE_NATIVE_NAMES } from '@/lib/locale'
import { fullName, GENDER_LABELS, NATIONALITIES, type Gender } from '@/lib/member-options'
import { ShieldCheckIcon } from '@/ui/icons'
import { AlertIcon } from '@/ui/more-icons'
import { SelectField, TextField } from '@/ui/text-field'
import { useUpdateProfile } from '../api/update-profile'
import './account.css'
import { GenderBirthdayFields, NameFields, NationalityField, PhoneField } from '@/ui/profile-fields'

const FIELD_LIMITS = { first_name: [LIMITS.name, MESSAGES.maxName], last_name: [LIMITS.name, MESSAGES.maxName] } as const

interface ProfileCardProps {
  user: AuthUser
  onSaved: (user: AuthUser) => void
  /** how a member with an unverified e-mail can ask for a new link */
  verificationAction?: ReactNode
}

/** The member's details, and a form to change them. */
export function ProfileCard({ user, onSaved, verificationAction }: ProfileCardProps) {
  const { t, i18n } = useLingui()
  const [editing, setEditing] = useState(false)
  const verified = user.email_verified_at !== null
  const nationality = NATIONALITIES.find((n) => n.value === user.nationality)
  const none = t`Not set`

  return (
    <section className="panel" aria-labelledby="profile-title">
      <div className="panel__head">
        <h1 id="profile-title" className="panel__title">
          {editing ? t`Edit my info` : t`My info`}
        </h1>
        {editing ? null : (
          <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
            {t`Edit`}
          </button>
        )}
      </div>
      {editing ? (
        <ProfileForm
          user={user}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            onSaved(saved)
            setEditing(false)
          }}
        />
      ) : (
        <dl className="details">
          <div className="details__row">
            <dt>{t`Name`}</dt>
            <dd>{fullName(user)}</dd>
          </div>
          <div className="details__row">
            <dt>{t`E-mail`}</dt>
            <dd>
              <span className="details__email">{user.email}</span>
              <span className={`badge ${verified ? 'badge--ok' : 'badge--warn'}`}>
                {verified ? <ShieldCheckIcon size={14} /> : <AlertIcon size={14} />}
                {verified ? t`E-mail verified` : t`E-mail not verified`}
              </span>
              {verified ? null : <span className="details__action">{verificationAction}</span>}
            </dd>
          </div>
          <div className="details__row">
            <dt>{t`Phone number`}</dt>
            <dd>{user.phone_number || none}</dd>
          </div>
          <div className="details__row">
            <dt>{t`Gender`}</dt>
            <dd>{user.gender ? i18n._(GENDER_LABELS[user.gender]) : t`Not specified`}</dd>
          </div>
          <div className="details__row">
            <dt>{t`Birthday`}</dt>
            <dd>{user.birthday ?? none}</dd>
          </div>
          <div className="details__row">
            <dt>{t`Nationality`}</dt>
            <dd>{nationality ? i18n._(nationality.label) : user.nationality || none}</dd>
          </div>
          <div className="details__row">
            <dt>{t`Language of e-mails`}</dt>
            <dd>{LOCALE_NATIVE_NAMES[user.locale]}</dd>
          </div>
        </dl>
      )}
    </section>
  )
}

function ProfileForm({ user, onCancel, onSaved }: { user: AuthUser; onCancel: () => void; onSaved: (user: AuthUser) => void }) {
  const { t } = useLingui()
  const [values, setValues] = useState({
    first_name: user.first_name,
    last_name: user.last_name,
    phone_number: user.phone_number,
    gender: (user.gender ?? '') as Gender | '',
    birthday: user.birthday ?? '',
    nationality: user.nationality,
    locale: user.locale as Locale,
  })
  const [submitErrors, setErrors] = useState<FieldErrors>({})
  const errors = withLimits(submitErrors, values, FIELD_LIMITS)
  const formRef = useRef<HTMLFormElement>(null)
  const focusFirst = useFocusFirstInvalid(formRef)
  const mutation = useUpdateProfile()
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }))


  const submit = (event: FormEvent) => {
    event.preventDefault()
    // '' is the 'not specified' choice: null clears a gender chosen before
    const checked = validateForm(ProfileInputSchema, { ...values, gender: values.gender || null, birthday: values.birthday || null })
    if (!checked.ok) {
      setErrors(checked.errors)
      focusFirst()
      return
    }
    setErrors({})
    mutation.mutate(checked.output, {
      onSuccess: (saved) => {
        toast.success(t`Save successfully`, { id: 'profile-saved' })
        onSaved(saved)
      },
      onError: (error) => {
        toast.error(t`Save failed`, { id: 'profile-failed' })
        setErrors(serverFieldErrors(error))
        focusFirst()
      },
    })
  }

  return (
    <form className="form" onSubmit={submit} noValidate ref={formRef}>
      <NameFields values={values} errors={errors} set={set} />
      <TextField label={t`E-mail`} value={user.email} onChange={() => undefined} readOnly hint={t`The e-mail cannot be changed.`} />
      <PhoneField values={values} errors={errors} set={set} />
      <GenderBirthdayFields values={values} errors={errors} set={set} />
      <div className="form-row form-row--2">
        <NationalityField values={values} errors={errors} set={set} />
        <SelectField
          label={t`Language of e-mails`}
          name="locale"
          value={values.locale}
          onChange={set('locale')}
          options={LOCALES.map((l) => ({ value: l, label: LOCALE_NATIVE_NAMES[l] }))}
          error={errors.locale}
        />
      </div>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t`Cancel`}
        </button>
        <button type="submit" className="button button-primary" disabled={mutation.isPending}>
          {mutation.isPending ? t`Saving…` : t`Save`}
        </button>
      </div>
    </form>
  )
}
