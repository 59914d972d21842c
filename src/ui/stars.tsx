import { Plural, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import './stars.css'

const SCALE = [1, 2, 3, 4, 5] as const

/** How much of star `position` (1-5) a score fills: 0, 0.5 or 1 (halves from .25 up, whole from .75 up). */
export function starFill(score: number, position: number): 0 | 0.5 | 1 {
  const part = score - (position - 1)
  if (part >= 0.75) return 1
  if (part >= 0.25) return 0.5
  return 0
}

function Star({ fill, size }: { fill: 0 | 0.5 | 1; size: number }) {
  const gradient = useId()
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="stars__star">
      {fill === 0.5 ? (
        <defs>
          <linearGradient id={gradient}>
            <stop offset="50%" stopColor="currentColor" />
            <stop offset="50%" stopColor="var(--star-empty)" />
          </linearGradient>
        </defs>
      ) : null}
      <path
        d="m12 2.6 2.9 6 6.5.8-4.8 4.5 1.2 6.5L12 17.2l-5.8 3.2 1.2-6.5-4.8-4.5 6.5-.8L12 2.6Z"
        fill={fill === 1 ? 'currentColor' : fill === 0.5 ? `url(#${gradient})` : 'var(--star-empty)'}
      />
    </svg>
  )
}

interface StarsProps {
  /** 0 to 5, halves shown */
  value: number
  size?: number
  className?: string
}

/** A read-only score: five stars, named for screen readers ('4.5 out of 5 stars'). */
export function Stars({ value, size = 16, className }: StarsProps) {
  const { t, i18n } = useLingui()
  const score = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(value)
  return (
    <span role="img" aria-label={t`${score} out of 5 stars`} className={`stars${className ? ` ${className}` : ''}`}>
      {SCALE.map((position) => (
        <Star key={position} fill={starFill(value, position)} size={size} />
      ))}
    </span>
  )
}

interface StarsInputProps {
  /** 0 while nothing is chosen */
  value: number
  onChange: (value: number) => void
  /** the group's name, shown as its legend */
  legend: string
  /** the group's legend is read but not shown */
  hideLegend?: boolean
  error?: string
  errorId?: string
  size?: number
  disabled?: boolean
}

/**
 * Choosing 1 to 5 stars: five real radio buttons (arrow keys move between them, as in any radio
 * group), each labelled '3 stars', drawn as stars that fill up to the one chosen or hovered.
 */
export function StarsInput({ value, onChange, legend, hideLegend = false, error, errorId, size = 28, disabled = false }: StarsInputProps) {
  const name = useId()
  const [hovered, setHovered] = useState(0)
  const shown = hovered || value
  return (
    <fieldset className={`stars-input${error ? ' is-invalid' : ''}`} aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className={hideLegend ? 'visually-hidden' : 'field__label'}>{legend}</legend>
      <div className="stars-input__options" onMouseLeave={() => setHovered(0)}>
        {SCALE.map((position) => (
          <label key={position} className="stars-input__option" onMouseEnter={() => setHovered(position)}>
            <input
              type="radio"
              className="stars-input__radio"
              name={name}
              value={position}
              checked={value === position}
              onChange={() => onChange(position)}
            />
            <Star fill={position <= shown ? 1 : 0} size={size} />
            <span className="visually-hidden">
              <Plural value={position} one="# star" other="# stars" />
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
