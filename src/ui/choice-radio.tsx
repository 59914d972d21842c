import type { ReactNode } from 'react'

interface ChoiceRadioProps {
  name: string
  value: string
  checked: boolean
  onChoose: () => void
  title: ReactNode
  /** a line under the title: what it costs, what it means */
  text?: ReactNode
}

/** One option of a radio group drawn as a card (`.choice`): the whole card is the label. */
export function ChoiceRadio({ name, value, checked, onChoose, title, text }: ChoiceRadioProps) {
  return (
    <label className={`choice${checked ? ' is-chosen' : ''}`}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onChoose} />
      <span className="choice__body">
        <span className="choice__title">{title}</span>
        {text ? <span className="choice__text">{text}</span> : null}
      </span>
    </label>
  )
}
