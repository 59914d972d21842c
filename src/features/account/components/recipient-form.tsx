import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { RecipientInputSchema, type Recipient } from '../../../../contract/recipient'
import { serverFieldErrors, validateForm, type FieldErrors, useFocusFirstInvalid } from '@/lib/form'
import { useSaveRecipient } from '@/lib/recipient-book'
import { toast } from '@/lib/toast'
import { EMPTY_RECIPIENT, RecipientFields, type RecipientValues } from '@/ui/recipient-fields'

const fieldsOf = ({ name, phone, zip_code, county, district, address }: RecipientValues): RecipientValues => ({ name, phone, zip_code, county, district, address })

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
  const titleId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const focusFirst = useFocusFirstInvalid(formRef)
  const [values, setValues] = useState<RecipientValues>(() => (recipient ? fieldsOf(recipient) : EMPTY_RECIPIENT))
  const [isDefault, setIsDefault] = useState(recipient?.is_default ?? false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const mutation = useSaveRecipient()
  // the form opens where the member pressed Edit or Add: they start typing at its first field
  useEffect(() => formRef.current?.querySelector('input')?.focus(), [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (mutation.isPending) return
    const checked = validateForm(RecipientInputSchema, { ...values, is_default: isDefault })
    if (!checked.ok) {
      setErrors(checked.errors)
      focusFirst()
      return
    }
    setErrors({})
    mutation.mutate(
      { id: recipient?.id, input: checked.output },
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
      <RecipientFields values={values} errors={errors} onChange={setValues} />
      {first || recipient?.is_default ? null : (
        <label className="checkbox">
          <input type="checkbox" checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />
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
