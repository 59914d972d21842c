import { useLingui } from '@lingui/react/macro'
import './sort-select.css'

export interface SortOption<T extends string> {
  value: T
  label: string
}

/**
 * The one sort box of the shop (product list, search page): a labelled native select, so phones
 * open their own picker and keyboards work as everywhere, drawn like the list's other filters.
 */
export function SortSelect<T extends string>({ options, value, onChange }: { options: SortOption<T>[]; value: T; onChange: (value: T) => void }) {
  const { t } = useLingui()
  return (
    <label className="filter sort-select">
      <span className="filter__label">{t`Sort by`}</span>
      <select
        className="filter__select"
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value)
          if (chosen) onChange(chosen.value)
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
}
