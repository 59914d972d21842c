import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { GENDERS } from '../../contract/auth'
import { useLocale } from '@/lib/i18n'
import { GENDER_LABELS, NATIONALITIES } from '@/lib/member-options'
import { SelectField, TextField } from './text-field'

/**
 * The member's details as the registration, social registration and profile forms ask for them:
 * written once, so that the three say the same, in the same order and with the same limits.
 */
interface FieldsProps<F extends string> {
  values: Record<F, string>
  errors: Partial<Record<string, string>>
  set: (field: F) => (value: string) => void
}

/** First and last name, in the order the page's language writes names (family name first, but in English). */
export function NameFields({ values, errors, set }: FieldsProps<'first_name' | 'last_name'>) {
  const { t } = useLingui()
  const locale = useLocale()
  const first = <TextField key="first" label={t`First name`} name="first_name" autoComplete="given-name" value={values.first_name} onChange={set('first_name')} error={errors.first_name} />
  const last = <TextField key="last" label={t`Last name`} name="last_name" autoComplete="family-name" value={values.last_name} onChange={set('last_name')} error={errors.last_name} />
  return <div className="form-row form-row--2">{locale === 'en' ? [first, last] : [last, first]}</div>
}

export function PhoneField({ values, errors, set }: FieldsProps<'phone_number'>) {
  const { t } = useLingui()
  return <TextField label={t`Phone number`} type="tel" name="phone_number" autoComplete="tel" maxLength={20} value={values.phone_number} onChange={set('phone_number')} error={errors.phone_number} />
}

/** Gender and birthday side by side; a birthday is today at the latest. */
export function GenderBirthdayFields({ values, errors, set }: FieldsProps<'gender' | 'birthday'>) {
  const { t, i18n } = useLingui()
  const [maxBirthday] = useState(() => new Date().toISOString().slice(0, 10))
  return (
    <div className="form-row form-row--2">
      <SelectField
        label={t`Gender`}
        name="gender"
        value={values.gender}
        onChange={set('gender')}
        options={[{ value: '', label: t`Not specified` }, ...GENDERS.map((g) => ({ value: g, label: i18n._(GENDER_LABELS[g]) }))]}
        error={errors.gender}
      />
      <TextField label={t`Birthday`} type="date" name="birthday" max={maxBirthday} value={values.birthday} onChange={set('birthday')} error={errors.birthday} />
    </div>
  )
}

/** The nationality list; a value it does not hold (an older member's) is kept and shown as it is. */
export function NationalityField({ values, errors, set }: FieldsProps<'nationality'>) {
  const { t, i18n } = useLingui()
  const listed = NATIONALITIES.map((n) => ({ value: n.value, label: i18n._(n.label) }))
  const options = !values.nationality || NATIONALITIES.some((n) => n.value === values.nationality) ? listed : [{ value: values.nationality, label: values.nationality }, ...listed]
  return <SelectField label={t`Nationality`} name="nationality" value={values.nationality} onChange={set('nationality')} options={options} error={errors.nationality} />
}
