import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { RecipientInputSchema, type Recipient, type RecipientInput } from '../../../../contract/recipient'
import { findCounty, TAIWAN_COUNTIES } from '../../../../contract/taiwan-districts'
import { serverFieldErrors, validateForm, type FieldErrors, useFocusFirstInvalid } from '../../../lib/form'
import { useLocale } from '../../../lib/i18n'
import { countyLabel, districtLabel } from '../../../lib/place-names'
import { toast } from '../../../lib/toast'
import { SelectField, TextField } from '../../../ui/text-field'
import { useSaveRecipient } from '../api/save-recipient'

type Values = Omit<RecipientInput, 'is_default'> & { is_default: boolean }

const EMPTY: Values = { name: '', phone: '', zip_code: '', county: '', district: '', address: '', is_default: false }

interface RecipientFormProps {
  /** null: a new recipient */
  recipient: Recipient | null
  /** the member's first recipient becomes the default anyway: no checkbox then */
  first: boolean
  onDone: (saved: Recipient | null) => void
}

/** Adds or edits one saved recipient with the rules the server applies (contract/recipient). */
export function RecipientForm({ recipient, first, onDone }: RecipientFormProps) {
  const { t } = useLingui()
  const locale = useLocale()
  const titleId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const focusFirst = useFocusFirstInvalid(formRef)
  const [values, setValues] = useState<Values>(() => (recipient ? { ...recipient } : EMPTY))
  const [errors, setErrors] = useState<FieldErrors>({})
  const mutation = useSaveRecipient()
  const set = (field: Exclude<keyof Values, 'is_default'>) => (value: string) => setValues((v) => ({ ...v, [field]: value }))
  const county = findCounty(values.county)
  // the form opens where the member pressed Edit or Add: they start typing at its first field
  useEffect(() => formRef.current?.querySelector('input')?.focus(), [])

  const chooseCounty = (name: string) => setValues((v) => ({ ...v, county: name, district: '', zip_code: '' }))
  const chooseDistrict = (name: string) => setValues((v) => ({ ...v, district: name, zip_code: county?.districts.find((d) => d.name === name)?.zip ?? v.zip_code }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (mutation.isPending) return
    const checked = validateForm(RecipientInputSchema, values)
    if (!checked.ok) {
      setErrors(checked.errors)
      focusFirst()
      return
    }
    setErrors({})
    mutation.mutate(
      { id: recipient?.id ?? null, input: checked.output },
      {
        onSuccess: (saved) => {
          toast.success(t`Address saved`, { id: 'address-saved' })
          onDone(saved)
        },
        onError: (error) => {
          const fields = serverFieldErrors(error)
          setErrors(fields)
          if (Object.keys(fields).length > 0) focusFirst()
          else toast.error(error instanceof Error ? error.message : t`Save failed`, { id: 'address-failed' })
        },
      },
    )
  }

  return (
    <form ref={formRef} className="form address-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} className="address-form__title">
        {recipient ? t`Edit address` : t`New address`}
      </h2>
      <div className="form-row form-row--2">
        <TextField label={t`Name`} name="name" value={values.name} onChange={set('name')} error={errors.name} autoComplete="name" />
        <TextField label={t`Phone`} name="phone" value={values.phone} onChange={set('phone')} error={errors.phone} type="tel" autoComplete="tel" inputMode="tel" />
      </div>
      <div className="form-row form-row--3">
        <SelectField
          label={t`County or city`}
          name="county"
          value={values.county}
          onChange={chooseCounty}
          error={errors.county}
          options={[{ value: '', label: t`Choose…` }, ...TAIWAN_COUNTIES.map((c) => ({ value: c.name, label: countyLabel(c, locale) }))]}
        />
        <SelectField
          label={t`District`}
          name="district"
          value={values.district}
          onChange={chooseDistrict}
          error={errors.district}
          options={[{ value: '', label: t`Choose…` }, ...(county?.districts ?? []).map((d) => ({ value: d.name, label: districtLabel(d, locale) }))]}
        />
        <TextField label={t`Postal code`} name="zip_code" value={values.zip_code} onChange={set('zip_code')} error={errors.zip_code} inputMode="numeric" autoComplete="postal-code" />
      </div>
      <TextField label={t`Address`} name="address" value={values.address} onChange={set('address')} error={errors.address} autoComplete="street-address" />
      {first || recipient?.is_default ? null : (
        <label className="checkbox">
          <input type="checkbox" checked={values.is_default} onChange={(event) => setValues((v) => ({ ...v, is_default: event.target.checked }))} />
          {t`Make this my default address`}
        </label>
      )}
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={() => onDone(null)}>
          {t`Cancel`}
        </button>
        <button type="submit" className="button button-primary" disabled={mutation.isPending}>
          {mutation.isPending ? t`Saving…` : t`Save`}
        </button>
      </div>
    </form>
  )
}
