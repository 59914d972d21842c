import { useLingui } from '@lingui/react/macro'
import type { Category, City, TrendGroup } from '../../../../contract/catalog'
import type { ProductSort } from '../../../../contract/constants'
import { CloseIcon } from '../../../ui/icons'
import './product-filters.css'

export interface ProductFilterValue {
  category_id?: number
  city?: string
  trend_group_id?: number
  sort?: ProductSort
}

interface ProductFiltersProps {
  categories: Category[]
  cities: City[]
  trendGroups?: TrendGroup[]
  value: ProductFilterValue
  onChange: (patch: Partial<ProductFilterValue>) => void
  /** the search page has no category or city filter yet */
  sortOnly?: boolean
}

export function SortSelect({ value, onChange }: { value?: ProductSort; onChange: (sort: ProductSort | undefined) => void }) {
  const { t } = useLingui()
  return (
    <label className="filter">
      <span className="filter__label">{t`Sort by`}</span>
      <select className="filter__select" value={value ?? 'rank'} onChange={(e) => onChange(e.target.value === 'rank' ? undefined : (e.target.value as ProductSort))}>
        <option value="rank">{t`Most popular`}</option>
        <option value="price_asc">{t`Price: low to high`}</option>
        <option value="price_desc">{t`Price: high to low`}</option>
      </select>
    </label>
  )
}

export function ProductFilters({ categories, cities, trendGroups = [], value, onChange, sortOnly = false }: ProductFiltersProps) {
  const { t } = useLingui()
  const trendGroup = trendGroups.find((g) => g.id === value.trend_group_id)
  const groupName = trendGroup?.name ?? ''
  return (
    <div className="filters">
      <div className="filters__row">
        {sortOnly ? null : (
          <>
            <label className="filter">
              <span className="filter__label">{t`Category`}</span>
              <select
                className="filter__select"
                value={value.category_id ?? ''}
                onChange={(e) => onChange({ category_id: e.target.value ? Number(e.target.value) : undefined })}
              >
                <option value="">{t`All categories`}</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="filter">
              <span className="filter__label">{t`City`}</span>
              <select className="filter__select" value={value.city ?? ''} onChange={(e) => onChange({ city: e.target.value || undefined })}>
                <option value="">{t`All cities`}</option>
                {cities.map((c) => (
                  <option key={c.id} value={c.slug}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
        <SortSelect value={value.sort} onChange={(sort) => onChange({ sort })} />
      </div>
      {trendGroup && !sortOnly ? (
        <div className="filters__chips">
          <span className="filter-chip">
            {trendGroup.name}
            <button type="button" className="filter-chip__remove" onClick={() => onChange({ trend_group_id: undefined })} aria-label={t`Remove filter ${groupName}`}>
              <CloseIcon size={14} />
            </button>
          </span>
        </div>
      ) : null}
    </div>
  )
}
