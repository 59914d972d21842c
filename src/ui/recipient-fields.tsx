import { useLingui } from '@lingui/react/macro'
import { RECIPIENT_MESSAGES, type RecipientInput } from '../../contract/recipient'
import { findCounty, TAIWAN_COUNTIES } from '../../contract/taiwan-districts'
import { withLimits, type FieldErrors } from '../lib/form'
import { useLocale } from '../lib/i18n'
import { countyLabel, districtLabel } from '../lib/place-names'
import { SelectField, TextField } from './text-field'

/** A delivery recipient as typed: the fields contract/recipient's RecipientInputSchema checks. */
export type RecipientValues = Omit<RecipientInput, 'is_default'>
export type RecipientField = keyof RecipientValues

export const EMPTY_RECIPIENT: RecipientValues = { name: '', phone: '', zip_code: '', county: '', district: '', address: '' }

/** The fields in the form's order (the first marked one takes the focus after a refused submit). */
export const RECIPIENT_FIELDS = Object.keys(EMPTY_RECIPIENT) as RecipientField[]

// no input carries maxlength, which would cut a pasted address without a word: a passed limit is
// said as soon as it is passed (decision 54)
const LIMITS = { name: [40, RECIPIENT_MESSAGES.max40], address: [100, RECIPIENT_MESSAGES.max100] } as const

/** A new county clears the district and postal code, which belonged to the old one. */
export const withCounty = (values: RecipientValues, county: string): RecipientValues => ({ ...values, county, district: '', zip_code: '' })

/** A district fills in its 3-digit postal code; a longer code that already starts with it stays. */
export function withDistrict(values: RecipientValues, district: string): RecipientValues {
  const zip = findCounty(values.county)?.districts.find((d) => d.name === district)?.zip
  return { ...values, district, zip_code: zip && !values.zip_code.startsWith(zip) ? zip : values.zip_code }
}

interface RecipientFieldsProps {
  values: RecipientValues
  /** the fields' messages as the form decides to show them (on leaving a field, on submit, the server's) */
  errors: FieldErrors
  onChange: (values: RecipientValues) => void
  /** the shopper has left this field: forms that check as they go show its message from now on */
  onLeave?: (field: RecipientField) => void
  /** "Save this recipient for next time", where a new recipient can be kept in the address book */
  save?: { checked: boolean; onChange: (checked: boolean) => void }
}

/**
 * A recipient's name, Taiwan phone, county, district, postal code and address, with the county and
 * district lists named in the reader's language: the one set of fields of checkout, the address
 * book and the snack box.
 */
export function RecipientFields({ values, errors, onChange, onLeave, save }: RecipientFieldsProps) {
  const { t } = useLingui()
  const locale = useLocale()
  const shown = withLimits(errors, values, LIMITS)
  const county = findCounty(values.county)
  const set = (field: RecipientField) => (value: string) => onChange({ ...values, [field]: value })
  const leave = (field: RecipientField) => (onLeave ? () => onLeave(field) : undefined)
  const choose = t`Choose…`

  return (
    <>
      <div className="form-row form-row--2">
        <TextField label={t`Name`} name="name" value={values.name} onChange={set('name')} onBlur={leave('name')} error={shown.name} autoComplete="name" />
        <TextField label={t`Phone`} name="phone" value={values.phone} onChange={set('phone')} onBlur={leave('phone')} error={shown.phone} type="tel" autoComplete="tel" inputMode="tel" />
      </div>
      <div className="form-row form-row--3">
        <div onBlur={leave('county')}>
          <SelectField
            label={t`County or city`}
            name="county"
            value={values.county}
            onChange={(name) => onChange(withCounty(values, name))}
            error={shown.county}
            options={[{ value: '', label: choose }, ...TAIWAN_COUNTIES.map((c) => ({ value: c.name, label: countyLabel(c, locale) }))]}
          />
        </div>
        <div onBlur={leave('district')}>
          <SelectField
            label={t`District`}
            name="district"
            value={values.district}
            onChange={(name) => onChange(withDistrict(values, name))}
            error={shown.district}
            options={[{ value: '', label: choose }, ...(county?.districts ?? []).map((d) => ({ value: d.name, label: districtLabel(d, locale) }))]}
          />
        </div>
        <TextField
          label={t`Postal code`}
          name="zip_code"
          value={values.zip_code}
          onChange={set('zip_code')}
          onBlur={leave('zip_code')}
          error={shown.zip_code}
          inputMode="numeric"
          autoComplete="postal-code"
        />
      </div>
      <TextField label={t`Address`} name="address" value={values.address} onChange={set('address')} onBlur={leave('address')} error={shown.address} autoComplete="street-address" />
      {save ? (
        <label className="checkbox">
          <input type="checkbox" checked={save.checked} onChange={(event) => save.onChange(event.target.checked)} />
          {t`Save this recipient for next time`}
        </label>
      ) : null}
    </>
  )
}
