import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { MinusIcon, PlusIcon } from './cart-icons'
import './quantity-stepper.css'

interface QuantityStepperProps {
  value: number
  max: number
  onChange: (quantity: number) => void
  /** names the group, e.g. the product and type it counts */
  label: string
  disabled?: boolean
}

/** − and + around a number field; typed values are kept between 1 and `max` when the field is left. */
export function QuantityStepper({ value, max, onChange, label, disabled = false }: QuantityStepperProps) {
  const { t } = useLingui()
  const [draft, setDraft] = useState<string | null>(null)
  const upper = Math.max(1, max)
  const commit = () => {
    if (draft === null) return
    const typed = Number.parseInt(draft, 10)
    setDraft(null)
    if (Number.isFinite(typed)) {
      const next = Math.min(Math.max(typed, 1), upper)
      if (next !== value) onChange(next)
    }
  }
  return (
    <div className="stepper" role="group" aria-label={label}>
      <button type="button" className="stepper__button" aria-label={t`Decrease quantity`} disabled={disabled || value <= 1} onClick={() => onChange(value - 1)}>
        <MinusIcon size={18} />
      </button>
      <input
        className="stepper__input"
        type="number"
        inputMode="numeric"
        min={1}
        max={upper}
        aria-label={t`Quantity`}
        disabled={disabled}
        value={draft ?? String(value)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit()
        }}
      />
      <button type="button" className="stepper__button" aria-label={t`Increase quantity`} disabled={disabled || value >= upper} onClick={() => onChange(value + 1)}>
        <PlusIcon size={18} />
      </button>
    </div>
  )
}
