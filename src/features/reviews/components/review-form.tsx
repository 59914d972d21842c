import { useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import { REVIEW_TEXT_MAX, UpdateReviewInputSchema, type UpdateReviewInput } from '../../../../contract/review'
import { isApiError } from '@/lib/api-client'
import { hasErrors, serverFieldErrors, validateForm, type FieldErrors } from '@/lib/form'
import { toast } from '@/lib/toast'
import { StarsInput } from '@/ui/stars'
import '@/ui/form.css'

interface ReviewFormProps {
  /** names what is reviewed, for the stars' legend */
  productName: string
  initial?: { score: number; evaluation: string }
  submitLabel: string
  onSubmit: (input: UpdateReviewInput) => Promise<unknown>
  onCancel?: () => void
}

/** Stars and an optional text of up to 100 characters; the server's field errors show under their field. */
export function ReviewForm({ productName, initial, submitLabel, onSubmit, onCancel }: ReviewFormProps) {
  const { t } = useLingui()
  const id = useId()
  const [score, setScore] = useState(initial?.score ?? 0)
  const [text, setText] = useState(initial?.evaluation ?? '')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const length = text.length

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setFormError(undefined)
    const result = validateForm(UpdateReviewInputSchema, { score: score || undefined, evaluation: text })
    if (!result.ok) {
      setErrors(result.errors)
      return
    }
    setErrors({})
    setBusy(true)
    try {
      await onSubmit(result.output)
      toast.success(t`Reviews Successful`)
    } catch (error) {
      const fields = serverFieldErrors(error)
      setErrors(fields)
      const otherFields = Object.keys(fields).some((field) => field !== 'score' && field !== 'evaluation')
      // errors not about the two fields (already reviewed, not delivered, not yours) show above the button
      if (!hasErrors(fields) || otherFields) setFormError(isApiError(error) ? error.message : t`Oops, something went wrong`)
      toast.error(t`Reviews Failed`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="review-form" noValidate onSubmit={(event) => void submit(event)}>
      <StarsInput
        value={score}
        onChange={(value) => {
          setScore(value)
          setErrors((e) => ({ ...e, score: undefined }))
        }}
        legend={t`Your rating for ${productName}`}
        error={errors.score}
        errorId={`${id}-score-error`}
        disabled={busy}
      />
      <div className={`field${errors.evaluation ? ' field--error' : ''}`}>
        <label htmlFor={`${id}-text`} className="field__label">
          {t`Your review (optional)`}
        </label>
        <textarea
          id={`${id}-text`}
          className="field__input review-form__text"
          value={text}
          maxLength={REVIEW_TEXT_MAX}
          rows={3}
          aria-invalid={errors.evaluation ? true : undefined}
          aria-describedby={`${id}-count${errors.evaluation ? ` ${id}-text-error` : ''}`}
          onChange={(event) => {
            setText(event.target.value)
            setErrors((e) => ({ ...e, evaluation: undefined }))
          }}
          disabled={busy}
        />
        <span id={`${id}-count`} className={`review-form__counter${length >= REVIEW_TEXT_MAX ? ' is-over' : ''}`}>
          <span className="visually-hidden">{t`Characters used:`} </span>
          {length}/{REVIEW_TEXT_MAX}
        </span>
        {errors.evaluation ? (
          <p id={`${id}-text-error`} className="field__error">
            {errors.evaluation}
          </p>
        ) : null}
      </div>
      {formError ? (
        <p className="form-alert" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="review-form__actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
            {t`Cancel`}
          </button>
        ) : null}
      </div>
    </form>
  )
}
