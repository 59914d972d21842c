import { useLingui } from '@lingui/react/macro'
import { SortSelect, type SortOption } from '@/ui/sort-select'
import type { SearchPageState } from '../api/search-state'

type SearchSort = NonNullable<SearchPageState['sort']> | 'relevance'

/** The search page's sort: the shop's one sort box, with relevance first. */
export function SearchSortSelect({ value, onChange }: { value: SearchPageState['sort']; onChange: (sort: SearchPageState['sort']) => void }) {
  const { t } = useLingui()
  const options: SortOption<SearchSort>[] = [
    { value: 'relevance', label: t`Relevance` },
    { value: 'price_asc', label: t`Price: low to high` },
    { value: 'price_desc', label: t`Price: high to low` },
  ]
  return <SortSelect options={options} value={value ?? 'relevance'} onChange={(sort) => onChange(sort === 'relevance' ? undefined : sort)} />
}
