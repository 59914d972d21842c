import { useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { INVOICE_MESSAGES, type CarrierType, type InvoiceMode } from '../../../../contract/invoice'
import type { FieldErrors } from '@/lib/form'
import { translateValidationMessage } from '@/lib/validation-messages'
import { TextField } from '@/ui/text-field'
import { checkoutDraft, draftActions, type CheckoutDraft } from '../stores/checkout-draft'

type InvoiceField = keyof CheckoutDraft['invoice']

interface InvoiceSectionProps {
  /** field errors, already limited to the fields the shopper has left */
  errors: FieldErrors
  onLeaveField: (field: string) => void
  /** what the mobile-barcode check says while it runs or after it answered */
  carrierNote?: ReactNode
}

/** The e-invoice (電子發票): personal with a carrier, company with a tax number, or donated. */
export function InvoiceSection({ errors, onLeaveField, carrierNote }: InvoiceSectionProps) {
  const { t } = useLingui()
  const { invoice } = useSnapshot(checkoutDraft)
  const titleId = useId()
  const set = (field: Exclude<InvoiceField, 'mode' | 'carrier_type'>) => (value: string) => draftActions.setInvoice(field, value)
  const leave = (field: InvoiceField) => () => onLeaveField(field)

  const modes: { value: InvoiceMode; label: string }[] = [
    { value: 'personal', label: t`Personal` },
    { value: 'company', label: t`Company (with tax number)` },
    { value: 'donation', label: t`Donate` },
  ]
  const carriers: { value: CarrierType; label: string }[] = [
    { value: 'none', label: t`No carrier (paper copy kept by the shop)` },
    { value: 'mobile', label: t`Mobile barcode` },
    { value: 'citizen', label: t`Citizen digital certificate` },
  ]

  return (
    <section className="checkout-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-section__title">
        {t`Invoice`}
      </h2>
      <div className="form">
        <fieldset className="segmented">
          <legend className="field__label">{t`Invoice type`}</legend>
          <div className="segmented__options">
            {modes.map((mode) => (
              <label key={mode.value} className={`segmented__option${invoice.mode === mode.value ? ' is-chosen' : ''}`}>
                <input type="radio" name="invoice-mode" value={mode.value} checked={invoice.mode === mode.value} onChange={() => draftActions.setInvoice('mode', mode.value)} />
                {mode.label}
              </label>
            ))}
          </div>
          <p className="field__hint">{translateValidationMessage(INVOICE_MESSAGES.personalToCompany)}</p>
        </fieldset>

        {invoice.mode === 'personal' ? (
          <fieldset className="segmented">
            <legend className="field__label">{t`Carrier`}</legend>
            <div className="segmented__options segmented__options--stack">
              {carriers.map((carrier) => (
                <label key={carrier.value} className={`segmented__option${invoice.carrier_type === carrier.value ? ' is-chosen' : ''}`}>
                  <input type="radio" name="invoice-carrier" value={carrier.value} checked={invoice.carrier_type === carrier.value} onChange={() => draftActions.setInvoice('carrier_type', carrier.value)} />
                  {carrier.label}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        {invoice.mode === 'personal' && invoice.carrier_type === 'mobile' ? (
          <TextField
            label={t`Mobile barcode`}
            value={invoice.carrier_code}
            onChange={set('carrier_code')}
            onBlur={leave('carrier_code')}
            error={errors.carrier_code}
            hint={carrierNote ?? t`A slash and 7 characters, e.g. /ABC1234`}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={8}
          />
        ) : null}
        {invoice.mode === 'personal' && invoice.carrier_type === 'citizen' ? (
          <TextField
            label={t`Citizen certificate barcode`}
            value={invoice.carrier_code}
            onChange={set('carrier_code')}
            onBlur={leave('carrier_code')}
            error={errors.carrier_code}
            hint={t`2 capital letters and 14 digits`}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={16}
          />
        ) : null}
        {invoice.mode === 'company' ? (
          <div className="form-row form-row--2">
            <TextField label={t`Tax number`} value={invoice.tax_id} onChange={set('tax_id')} onBlur={leave('tax_id')} error={errors.tax_id} inputMode="numeric" autoComplete="off" maxLength={8} />
            <TextField label={t`Company name`} value={invoice.company_title} onChange={set('company_title')} onBlur={leave('company_title')} error={errors.company_title} autoComplete="organization" maxLength={60} />
          </div>
        ) : null}
        {invoice.mode === 'donation' ? (
          <TextField
            label={t`Donation code`}
            value={invoice.donation_code}
            onChange={set('donation_code')}
            onBlur={leave('donation_code')}
            error={errors.donation_code}
            hint={t`The charity’s code of 3 to 7 digits`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={7}
          />
        ) : null}

        <div className="form-row form-row--2">
          <TextField
            label={t`Name on the invoice`}
            value={invoice.name}
            onChange={set('name')}
            onBlur={leave('name')}
            error={errors.name}
            hint={translateValidationMessage(INVOICE_MESSAGES.nameNote)}
            autoComplete="name"
            maxLength={60}
          />
          <TextField label={t`E-mail for the invoice`} value={invoice.email} onChange={set('email')} onBlur={leave('email')} error={errors.email} type="email" autoComplete="email" maxLength={100} />
        </div>
      </div>
    </section>
  )
}
