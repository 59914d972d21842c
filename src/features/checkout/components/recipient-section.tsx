import { useLingui } from '@lingui/react/macro'
import { useEffect, useId } from 'react'
import { useSnapshot } from 'valtio'
import type { Recipient } from '../../../../contract/recipient'
import { findCounty, TAIWAN_COUNTIES } from '../../../../contract/taiwan-districts'
import type { FieldErrors } from '../../../lib/form'
import { useLocale } from '../../../lib/i18n'
import { SelectField, TextField } from '../../../ui/text-field'
import { checkoutDraft, draftActions, type CheckoutDraft } from '../stores/checkout-draft'
import { countyLabel, districtLabel } from './place-names'

interface RecipientSectionProps {
  recipients: readonly Recipient[] | undefined
  failed: boolean
  /** the new recipient's field errors, already limited to the fields the shopper has left */
  errors: FieldErrors
  onLeaveField: (field: string) => void
}

type RecipientField = keyof CheckoutDraft['recipient']

const address = (r: Pick<Recipient, 'zip_code' | 'county' | 'district' | 'address'>) => `${r.zip_code} ${r.county}${r.district}${r.address}`

/** Who receives the parcel: one of the member's saved recipients, or a new one typed here. */
export function RecipientSection({ recipients, failed, errors, onLeaveField }: RecipientSectionProps) {
  const { t } = useLingui()
  const draft = useSnapshot(checkoutDraft)
  const legendId = useId()

  // the default recipient is chosen until the shopper picks another; none saved: the form
  useEffect(() => {
    const choice = checkoutDraft.recipientChoice
    if (failed && choice === null) draftActions.chooseRecipient('new')
    if (!recipients) return
    if (choice === 'new' || (choice !== null && recipients.some((r) => r.id === choice))) return
    draftActions.chooseRecipient(recipients.find((r) => r.is_default)?.id ?? recipients[0]?.id ?? 'new')
  }, [recipients, failed])

  return (
    <section className="checkout-section" aria-labelledby={legendId}>
      <h2 id={legendId} className="checkout-section__title">
        {t`Recipient`}
      </h2>
      {recipients === undefined && !failed ? <div className="skeleton" style={{ height: 72 }} /> : null}
      {failed ? <p className="form-alert">{t`Your saved recipients could not be loaded. You can enter a recipient below.`}</p> : null}
      <div role="radiogroup" aria-labelledby={legendId} className="choice-list">
        {recipients?.map((recipient) => (
          <label key={recipient.id} className={`choice${draft.recipientChoice === recipient.id ? ' is-chosen' : ''}`}>
            <input type="radio" name="recipient" checked={draft.recipientChoice === recipient.id} onChange={() => draftActions.chooseRecipient(recipient.id)} />
            <span className="choice__body">
              <span className="choice__title">
                {recipient.name} · {recipient.phone}
                {recipient.is_default ? <span className="choice__tag">{t`Default`}</span> : null}
              </span>
              <span className="choice__text">{address(recipient)}</span>
            </span>
          </label>
        ))}
        {recipients?.length || failed ? (
          <label className={`choice${draft.recipientChoice === 'new' ? ' is-chosen' : ''}`}>
            <input type="radio" name="recipient" checked={draft.recipientChoice === 'new'} onChange={() => draftActions.chooseRecipient('new')} />
            <span className="choice__body">
              <span className="choice__title">{t`A new recipient`}</span>
            </span>
          </label>
        ) : null}
      </div>
      {draft.recipientChoice === 'new' ? <NewRecipientFields errors={errors} onLeaveField={onLeaveField} /> : null}
    </section>
  )
}

function NewRecipientFields({ errors, onLeaveField }: Pick<RecipientSectionProps, 'errors' | 'onLeaveField'>) {
  const { t } = useLingui()
  const locale = useLocale()
  const { recipient, saveRecipient } = useSnapshot(checkoutDraft)
  const set = (field: RecipientField) => (value: string) => draftActions.setRecipientField(field, value)
  const leave = (field: RecipientField) => () => onLeaveField(field)
  const county = findCounty(recipient.county)

  const chooseDistrict = (name: string) => draftActions.chooseDistrict(name, county?.districts.find((d) => d.name === name)?.zip)

  return (
    <div className="form checkout-subform">
      <div className="form-row form-row--2">
        <TextField label={t`Name`} value={recipient.name} onChange={set('name')} onBlur={leave('name')} error={errors.name} autoComplete="name" maxLength={40} />
        <TextField label={t`Phone`} value={recipient.phone} onChange={set('phone')} onBlur={leave('phone')} error={errors.phone} type="tel" autoComplete="tel" inputMode="tel" maxLength={20} />
      </div>
      <div className="form-row form-row--3">
        <div onBlur={leave('county')}>
          <SelectField
            label={t`County or city`}
            value={recipient.county}
            onChange={draftActions.chooseCounty}
            error={errors.county}
            options={[{ value: '', label: t`Choose…` }, ...TAIWAN_COUNTIES.map((c) => ({ value: c.name, label: countyLabel(c, locale) }))]}
          />
        </div>
        <div onBlur={leave('district')}>
          <SelectField
            label={t`District`}
            value={recipient.district}
            onChange={chooseDistrict}
            error={errors.district}
            options={[{ value: '', label: t`Choose…` }, ...(county?.districts ?? []).map((d) => ({ value: d.name, label: districtLabel(d, locale) }))]}
          />
        </div>
        <TextField
          label={t`Postal code`}
          value={recipient.zip_code}
          onChange={set('zip_code')}
          onBlur={leave('zip_code')}
          error={errors.zip_code}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
        />
      </div>
      <TextField label={t`Address`} value={recipient.address} onChange={set('address')} onBlur={leave('address')} error={errors.address} autoComplete="street-address" maxLength={100} />
      <label className="checkbox">
        <input type="checkbox" checked={saveRecipient} onChange={(event) => draftActions.setSaveRecipient(event.target.checked)} />
        {t`Save this recipient for next time`}
      </label>
    </div>
  )
}
