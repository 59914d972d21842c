import { useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import { STOCK_STATUSES, type StockStatus } from '../api/search-client'
import { DEFAULT_PRICE_MAX, DEFAULT_PRICE_MIN, MIN_RATING_CHOICE, priceRange, type SearchFilterState } from '../api/search-state'
import './search-facets.css'

export interface FacetLabels {
  categories: Map<number, string>
  cities: Map<string, string>
  trendGroups: Map<number, string>
}

interface SearchFacetsProps {
  facets: Record<string, Record<string, number>>
  value: SearchFilterState
  labels: FacetLabels
  onChange: (patch: Partial<SearchFilterState>) => void
}

interface FacetOption {
  value: string
  label: string
  count: number
}

const byCount = (counts: Record<string, number> | undefined, label: (value: string) => string): FacetOption[] =>
  Object.entries(counts ?? {})
    .filter(([, count]) => count > 0)
    .map(([value, count]) => ({ value, label: label(value), count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))

export function SearchFacets({ facets, value: current, labels, onChange: change }: SearchFacetsProps) {
  const { t } = useLingui()
  // A choice shows at once, while the page's address (which the filters are read from) catches up: a
  // controlled radio would otherwise spring back to the old choice until the navigation has settled.
  const currentKey = JSON.stringify(current)
  const [pending, setPending] = useState<{ from: string; patch: Partial<SearchFilterState> } | null>(null)
  const ownPatch = pending?.from === currentKey ? pending.patch : undefined
  const value = ownPatch ? { ...current, ...ownPatch } : current
  const onChange = (patch: Partial<SearchFilterState>) => {
    setPending({ from: currentKey, patch: { ...ownPatch, ...patch } })
    change(patch)
  }
  const stockLabels: Record<StockStatus, string> = { in_stock: t`In stock`, out_of_stock: t`Sold out`, pre_order: t`Pre-order` }
  return (
    <div className="search-facets">
      <FacetGroup
        legend={t`Category`}
        allLabel={t`All categories`}
        options={byCount(facets.category_ids, (id) => labels.categories.get(Number(id)) ?? id)}
        selected={value.category === undefined ? undefined : String(value.category)}
        onSelect={(v) => onChange({ category: v === undefined ? undefined : Number(v) })}
      />
      <FacetGroup
        legend={t`City`}
        allLabel={t`All cities`}
        options={byCount(facets.city, (slug) => labels.cities.get(slug) ?? slug)}
        selected={value.city}
        onSelect={(city) => onChange({ city })}
      />
      <PriceRange value={value} onChange={onChange} />
      <RatingFilter value={value.rating} onChange={(rating) => onChange({ rating })} />
      <FacetGroup
        legend={t`Availability`}
        allLabel={t`Any availability`}
        options={byCount(facets.stock_status, (status) => (STOCK_STATUSES as readonly string[]).includes(status) ? stockLabels[status as StockStatus] : status)}
        selected={value.stock}
        onSelect={(stock) => onChange({ stock: stock as StockStatus | undefined })}
      />
      <FacetGroup
        legend={t`Trend group`}
        allLabel={t`All trend groups`}
        options={byCount(facets.trend_group_id, (id) => labels.trendGroups.get(Number(id)) ?? id)}
        selected={value.trend === undefined ? undefined : String(value.trend)}
        onSelect={(v) => onChange({ trend: v === undefined ? undefined : Number(v) })}
      />
    </div>
  )
}

interface FacetGroupProps {
  legend: string
  allLabel: string
  options: FacetOption[]
  selected: string | undefined
  onSelect: (value: string | undefined) => void
}

function FacetGroup({ legend, allLabel, options, selected, onSelect }: FacetGroupProps) {
  const name = useId()
  if (options.length === 0 && selected === undefined) return null
  // a chosen value the current keyword no longer matches stays visible, so it can be cleared
  const shown = selected !== undefined && !options.some((o) => o.value === selected) ? [...options, { value: selected, label: selected, count: 0 }] : options
  return (
    <fieldset className="facet">
      <legend className="facet__legend">{legend}</legend>
      <label className="facet__option">
        <input type="radio" name={name} checked={selected === undefined} onChange={() => onSelect(undefined)} />
        <span className="facet__label">{allLabel}</span>
      </label>
      {shown.map((option) => (
        <label key={option.value} className="facet__option">
          <input type="radio" name={name} checked={selected === option.value} onChange={() => onSelect(option.value)} />
          <span className="facet__label">{option.label}</span>
          <span className="facet__count">({option.count})</span>
        </label>
      ))}
    </fieldset>
  )
}

/** 'Any rating' or '4 stars & up' (the index compares each product's average review score). */
function RatingFilter({ value, onChange }: { value: number | undefined; onChange: (rating: number | undefined) => void }) {
  const { t } = useLingui()
  const name = useId()
  return (
    <fieldset className="facet">
      <legend className="facet__legend">{t`Rating`}</legend>
      <label className="facet__option">
        <input type="radio" name={name} checked={value === undefined} onChange={() => onChange(undefined)} />
        <span className="facet__label">{t`Any rating`}</span>
      </label>
      <label className="facet__option">
        <input type="radio" name={name} checked={value !== undefined} onChange={() => onChange(MIN_RATING_CHOICE)} />
        <span className="facet__label">{t`4 stars & up`}</span>
      </label>
    </fieldset>
  )
}

function PriceRange({ value, onChange }: Pick<SearchFacetsProps, 'value' | 'onChange'>) {
  const { t } = useLingui()
  const [low, high] = priceRange(value)
  const [draft, setDraft] = useState({ low: String(low), high: String(high) })
  const [shown, setShown] = useState({ low, high })
  // the URL changed (back button, cleared filters): show its range
  if (shown.low !== low || shown.high !== high) {
    setShown({ low, high })
    setDraft({ low: String(low), high: String(high) })
  }
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const min = Math.max(0, Math.round(Number(draft.low) || 0))
    const max = Math.max(0, Math.round(Number(draft.high) || 0))
    const [a, b] = min <= max ? [min, max] : [max, min]
    onChange({ price_min: a === DEFAULT_PRICE_MIN ? undefined : a, price_max: b === DEFAULT_PRICE_MAX ? undefined : b })
  }
  return (
    <form className="facet facet--price" onSubmit={apply} aria-label={t`Price range`}>
      <span className="facet__legend">{t`Price range (NT$)`}</span>
      <div className="facet__price-row">
        <label className="facet__price">
          <span className="visually-hidden">{t`Minimum price`}</span>
          <input type="number" inputMode="numeric" min={0} step={1} value={draft.low} onChange={(e) => setDraft((d) => ({ ...d, low: e.target.value }))} />
        </label>
        <span aria-hidden="true">~</span>
        <label className="facet__price">
          <span className="visually-hidden">{t`Maximum price`}</span>
          <input type="number" inputMode="numeric" min={0} step={1} value={draft.high} onChange={(e) => setDraft((d) => ({ ...d, high: e.target.value }))} />
        </label>
        <button type="submit" className="button facet__apply">{t`Apply`}</button>
      </div>
    </form>
  )
}
