import { useLingui } from '@lingui/react/macro'
import type { Category, City, TrendGroup } from '../../../../contract/catalogue'
import type { ProductSort } from '../../../../contract/constants'
import { CloseIcon } from '@/ui/icons'
import { SortSelect, type SortOption } from '@/ui/sort-select'
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

/** The product list's sort: most popular first, or by price. */
export function ProductSortSelect({ value, onChange }: { value?: ProductSort; onChange: (sort: ProductSort | undefined) => void }) {
  const { t } = useLingui()
  const options: SortOption<ProductSort | 'rank'>[] = [
    { value: 'rank', label: t`Most popular` },
    { value: 'price_asc', label: t`Price: low to high` },
    { value: 'price_desc', label: t`Price: high to low` },
  ]
  return <SortSelect options={options} value={value ?? 'rank'} onChange={(sort) => onChange(sort === 'rank' ? undefined : sort)} />
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
        <ProductSortSelect value={value.sort} onChange={(sort) => onChange({ sort })} />
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
