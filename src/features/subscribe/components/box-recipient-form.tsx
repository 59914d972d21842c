import { useLingui } from '@lingui/react/macro'
import { useId, useRef, useState, type ReactNode } from 'react'
import { RECIPIENT_MESSAGES, RecipientInputSchema, type RecipientInput } from '../../../../contract/recipient'
import type { BoxRecipient } from '../../../../contract/subscription'
import { findCounty, TAIWAN_COUNTIES } from '../../../../contract/taiwan-districts'
import { focusFirstInvalid, overLimit, validateForm, type FieldErrors } from '../../../lib/form'
import { useLocale } from '../../../lib/i18n'
import { SelectField, TextField } from '../../../ui/text-field'
import type { RecipientBook } from '../recipient-book'
import './box-recipient.css'

const EMPTY: BoxRecipient = { name: '', phone: '', zip_code: '', county: '', district: '', address: '' }

export const recipientLine = (r: BoxRecipient) => `${r.zip_code} ${r.county}${r.district}${r.address}`

const sameRecipient = (a: BoxRecipient, b: BoxRecipient) => recipientLine(a) === recipientLine(b) && a.name === b.name && a.phone === b.phone

function defaultChoice(book: RecipientBook, current: BoxRecipient | null | undefined): number | 'new' | null {
  if (book.failed) return 'new'
  if (!book.list) return null
  const same = current ? book.list.find((r) => sameRecipient(r, current)) : undefined
  if (current && !same) return 'new'
  return same?.id ?? book.list.find((r) => r.is_default)?.id ?? book.list[0]?.id ?? 'new'
}

interface BoxRecipientFormProps {
  book: RecipientBook
  /** the recipient chosen so far (the box's current one), offered first */
  current?: BoxRecipient | null
  title: string
  intro?: ReactNode
  submitLabel: string
  busy: boolean
  /** the server's refusals, keyed by field (`name`, `phone`...) */
  serverErrors: FieldErrors
  onSubmit: (recipient: BoxRecipient) => void
  children?: ReactNode
}

/**
 * Who receives the snack box: one of the member's saved recipients, or a new one typed here
 * (checked as checkout checks it: Taiwan phone, county, district and postal code), optionally saved
 * to the address book for next time.
 */
export function BoxRecipientForm({ book, current, title, intro, submitLabel, busy, serverErrors, onSubmit, children }: BoxRecipientFormProps) {
  const { t } = useLingui()
  const locale = useLocale()
  const legendId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [picked, setChoice] = useState<number | 'new' | null>(null)
  const [draft, setDraft] = useState<BoxRecipient>(current ?? EMPTY)
  const [save, setSave] = useState(true)
  const [shown, setShown] = useState<Set<string>>(new Set())
  const [saveFailed, setSaveFailed] = useState(false)

  // the default recipient (or the box's own) is chosen until the member picks another; none saved: the form
  const choice = picked !== null && (picked === 'new' || book.list?.some((r) => r.id === picked)) ? picked : defaultChoice(book, current)

  const check = validateForm(RecipientInputSchema, draft)
  const errors: FieldErrors = { ...serverErrors }
  if (!check.ok) for (const [field, message] of Object.entries(check.errors)) if (shown.has(field) && !errors[field]) errors[field] = message
  if (!errors.name) errors.name = overLimit(draft.name, 40, RECIPIENT_MESSAGES.max40)
  if (!errors.address) errors.address = overLimit(draft.address, 100, RECIPIENT_MESSAGES.max100)
  const leave = (field: string) => () => setShown((before) => new Set(before).add(field))
  const set = (field: keyof BoxRecipient) => (value: string) => setDraft((before) => ({ ...before, [field]: value }))
  const county = findCounty(draft.county)

  const submit = async () => {
    if (choice === null) return
    if (choice !== 'new') {
      const saved = book.list?.find((r) => r.id === choice)
      if (saved) onSubmit(saved)
      return
    }
    if (!check.ok) {
      setShown(new Set(Object.keys(EMPTY)))
      focusFirstInvalid(formRef.current)
      return
    }
    const input: RecipientInput = check.output
    if (save) {
      // the address book is a convenience: the box goes on even if saving it fails
      setSaveFailed(false)
      await book.save(input).catch(() => setSaveFailed(true))
    }
    onSubmit(input)
  }

  return (
    <form
      ref={formRef}
      className="form box-recipient"
      noValidate
      aria-labelledby={legendId}
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <h3 id={legendId} className="box-recipient__title">
        {title}
      </h3>
      {intro}
      {book.list === undefined && !book.failed ? <div className="skeleton" style={{ height: 72 }} role="status" aria-label={t`Loading…`} /> : null}
      {book.failed ? <p className="form-alert">{t`Your saved recipients could not be loaded. You can enter a recipient below.`}</p> : null}
      {book.list?.length || book.failed ? (
        <div role="radiogroup" aria-labelledby={legendId} className="box-choices">
          {book.list?.map((recipient) => (
            <label key={recipient.id} className={`box-choice${choice === recipient.id ? ' is-chosen' : ''}`}>
              <input type="radio" name="box-recipient" checked={choice === recipient.id} onChange={() => setChoice(recipient.id)} />
              <span className="box-choice__body">
                <span className="box-choice__title">
                  {recipient.name} · {recipient.phone}
                  {recipient.is_default ? <span className="box-choice__tag">{t`Default`}</span> : null}
                </span>
                <span className="box-choice__text">{recipientLine(recipient)}</span>
              </span>
            </label>
          ))}
          <label className={`box-choice${choice === 'new' ? ' is-chosen' : ''}`}>
            <input type="radio" name="box-recipient" checked={choice === 'new'} onChange={() => setChoice('new')} />
            <span className="box-choice__body">
              <span className="box-choice__title">{t`A new recipient`}</span>
            </span>
          </label>
        </div>
      ) : null}
      {choice === 'new' ? (
        <div className="form box-recipient__fields">
          <div className="form-row form-row--2">
            <TextField label={t`Name`} value={draft.name} onChange={set('name')} onBlur={leave('name')} error={errors.name} autoComplete="name" />
            <TextField label={t`Phone`} value={draft.phone} onChange={set('phone')} onBlur={leave('phone')} error={errors.phone} type="tel" autoComplete="tel" inputMode="tel" />
          </div>
          <div className="form-row form-row--3">
            <div onBlur={leave('county')}>
              <SelectField
                label={t`County or city`}
                value={draft.county}
                onChange={(value) => setDraft((before) => ({ ...before, county: value, district: '', zip_code: '' }))}
                error={errors.county}
                options={[{ value: '', label: t`Choose…` }, ...TAIWAN_COUNTIES.map((c) => ({ value: c.name, label: book.countyLabel(c, locale) }))]}
              />
            </div>
            <div onBlur={leave('district')}>
              <SelectField
                label={t`District`}
                value={draft.district}
                onChange={(value) => setDraft((before) => ({ ...before, district: value, zip_code: county?.districts.find((d) => d.name === value)?.zip ?? before.zip_code }))}
                error={errors.district}
                options={[{ value: '', label: t`Choose…` }, ...(county?.districts ?? []).map((d) => ({ value: d.name, label: book.districtLabel(d, locale) }))]}
              />
            </div>
            <TextField label={t`Postal code`} value={draft.zip_code} onChange={set('zip_code')} onBlur={leave('zip_code')} error={errors.zip_code} inputMode="numeric" autoComplete="postal-code" />
          </div>
          <TextField label={t`Address`} value={draft.address} onChange={set('address')} onBlur={leave('address')} error={errors.address} autoComplete="street-address" />
          <label className="box-checkbox">
            <input type="checkbox" checked={save} onChange={(event) => setSave(event.target.checked)} />
            {t`Save this recipient for next time`}
          </label>
        </div>
      ) : null}
      {saveFailed ? <p className="form-alert form-alert--info">{t`The recipient could not be saved to your address book, but your box will go to it.`}</p> : null}
      {children}
      <button type="submit" className="button button-primary box-recipient__submit" disabled={busy || choice === null} aria-busy={busy || undefined}>
        {submitLabel}
      </button>
    </form>
  )
}
