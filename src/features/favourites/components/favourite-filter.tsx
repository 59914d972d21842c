import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { FavouriteCategory } from '../api/get-favourite-categories'
import './favourites.css'

interface FavouriteFilterProps {
  categories: FavouriteCategory[]
  /** the chosen category, or undefined for all */
  value: number | undefined
  /** how many favourites there are in all, once known */
  total: number | undefined
  /** draws a choice as a link (the route owns the address) */
  renderChoice: (categoryId: number | undefined, content: ReactNode, attrs: { className: string; 'aria-current'?: 'true' }) => ReactNode
}

/** The favourites' categories with their counts, as a row of choices. */
export function FavouriteFilter({ categories, value, total, renderChoice }: FavouriteFilterProps) {
  const { t } = useLingui()
  const choice = (id: number | undefined, name: string, count: number | undefined) => (
    <li key={id ?? 'all'}>
      {renderChoice(
        id,
        <>
          {name} {count === undefined ? null : <span className="favourite-filter__count">{count}</span>}
        </>,
        { className: `favourite-filter__choice${value === id ? ' is-current' : ''}`, ...(value === id ? { 'aria-current': 'true' as const } : {}) },
      )}
    </li>
  )
  return (
    <nav className="favourite-filter" aria-label={t`Filter by category`}>
      <ul>
        {choice(undefined, t`All`, total)}
        {categories.map((category) => choice(category.id, category.name, category.count))}
      </ul>
    </nav>
  )
}

/**
 * Shown when the member has no favourites, or none in the chosen category (`category` names it):
 * then it says so, not "no favourites yet", and the action leads back to all of them.
 */
export function NoFavourites({ action, category }: { action: ReactNode; category?: string }) {
  const { t } = useLingui()
  return (
    <div className="favourites-empty" role="status">
      <svg viewBox="0 0 24 24" width="48" height="48" fill="none" stroke="currentColor" strokeWidth={1.6} aria-hidden="true" focusable="false">
        <path d="M12 20.5s-7.5-4.6-9.2-9.3C1.6 7.9 3.7 4.5 7.1 4.5c2 0 3.7 1.1 4.9 2.8 1.2-1.7 2.9-2.8 4.9-2.8 3.4 0 5.5 3.4 4.3 6.7-1.7 4.7-9.2 9.3-9.2 9.3Z" />
      </svg>
      {category === undefined ? (
        <>
          <h2 className="favourites-empty__title">{t`No favourites yet`}</h2>
          <p className="favourites-empty__text">{t`Tap the heart on a product to keep it here.`}</p>
        </>
      ) : (
        <>
          <h2 className="favourites-empty__title">{t`No favourites in this category`}</h2>
          <p className="favourites-empty__text">{category ? t`None of your favourites is in ${category} any more.` : t`None of your favourites is in this category.`}</p>
        </>
      )}
      {action}
    </div>
  )
}
