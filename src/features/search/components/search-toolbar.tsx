import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { SearchPageState } from '../api/search-state'

export function SearchSortSelect({ value, onChange }: { value: SearchPageState['sort']; onChange: (sort: SearchPageState['sort']) => void }) {
  const { t } = useLingui()
  const id = useId()
  return (
    <div className="search-sort">
      <label htmlFor={id} className="search-sort__label">
        {t`Sort by`}
      </label>
      <select
        id={id}
        className="search-sort__select"
        value={value ?? 'relevance'}
        onChange={(e) => onChange(e.target.value === 'price_asc' || e.target.value === 'price_desc' ? e.target.value : undefined)}
      >
        <option value="relevance">{t`Relevance`}</option>
        <option value="price_asc">{t`Price: low to high`}</option>
        <option value="price_desc">{t`Price: high to low`}</option>
      </select>
    </div>
  )
}
