import { useLingui } from '@lingui/react/macro'
import { useId, useRef, useState, type ReactNode } from 'react'
import { RecipientInputSchema, type RecipientInput } from '../../../../contract/recipient'
import type { BoxRecipient } from '../../../../contract/subscription'
import { focusFirstInvalid, validateForm, type FieldErrors } from '@/lib/form'
import { addressLine } from '@/lib/place-names'
import { firstRecipientChoice, RecipientChoices, type RecipientChoice } from '@/ui/recipient-choices'
import { EMPTY_RECIPIENT, RECIPIENT_FIELDS, RecipientFields } from '@/ui/recipient-fields'
import type { RecipientBook } from '@/lib/recipient-book'
import './box-recipient.css'

/** A box's recipient on one line (My snack box shows it so). */
export const recipientLine = addressLine

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
  /** sends the recipient on; a promise keeps the form submitting (its button disabled) until it settles */
  onSubmit: (recipient: BoxRecipient) => void | Promise<unknown>
  children?: ReactNode
}

/**
 * Who receives the snack box: one of the member's saved recipients, or a new one typed here
 * (checked as checkout checks it: Taiwan phone, county, district and postal code), optionally saved
 * to the address book for next time.
 */
export function BoxRecipientForm({ book, current, title, intro, submitLabel, busy, serverErrors, onSubmit, children }: BoxRecipientFormProps) {
  const { t } = useLingui()
  const legendId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [picked, setChoice] = useState<RecipientChoice>(null)
  const [draft, setDraft] = useState<BoxRecipient>(current ?? EMPTY_RECIPIENT)
  const [save, setSave] = useState(true)
  const [shown, setShown] = useState<Set<string>>(new Set())
  const [saveFailed, setSaveFailed] = useState(false)
  // saving to the address book and sending on are one submission: a second click meanwhile does nothing
  const [submitting, setSubmitting] = useState(false)
  const submittingRef = useRef(false)

  // the default recipient (or the box's own) is chosen until the member picks another; none saved: the form
  const choice = picked !== null && (picked === 'new' || book.list?.some((r) => r.id === picked)) ? picked : firstRecipientChoice(book.list, book.failed, current)

  const check = validateForm(RecipientInputSchema, draft)
  const errors: FieldErrors = { ...serverErrors }
  if (!check.ok) for (const [field, message] of Object.entries(check.errors)) if (shown.has(field) && !errors[field]) errors[field] = message
  const leave = (field: string) => setShown((before) => new Set(before).add(field))

  const send = async () => {
    if (choice === null) return
    if (choice !== 'new') {
      const saved = book.list?.find((r) => r.id === choice)
      if (saved) await onSubmit(saved)
      return
    }
    if (!check.ok) {
      setShown(new Set(RECIPIENT_FIELDS))
      focusFirstInvalid(formRef.current)
      return
    }
    const input: RecipientInput = check.output
    if (save) {
      // the address book is a convenience: the box goes on even if saving it fails
      setSaveFailed(false)
      await book.save(input).catch(() => setSaveFailed(true))
    }
    await onSubmit(input)
  }

  const submit = async () => {
    if (submittingRef.current || busy) return
    submittingRef.current = true
    setSubmitting(true)
    try {
      await send()
    } catch {
      // the caller says what went wrong; the member may try again
    } finally {
      submittingRef.current = false
      setSubmitting(false)
    }
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
      <RecipientChoices recipients={book.list} failed={book.failed} chosen={choice} onChoose={setChoice} labelledBy={legendId} />
      {choice === 'new' ? (
        <div className="form box-recipient__fields">
          <RecipientFields values={draft} errors={errors} onChange={setDraft} onLeave={leave} save={{ checked: save, onChange: setSave }} />
        </div>
      ) : null}
      {saveFailed ? <p className="form-alert form-alert--info">{t`The recipient could not be saved to your address book, but your box will go to it.`}</p> : null}
      {children}
      <button type="submit" className="button button-primary box-recipient__submit" disabled={busy || submitting || choice === null} aria-busy={busy || submitting || undefined}>
        {submitLabel}
      </button>
    </form>
  )
}
