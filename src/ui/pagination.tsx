import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { ChevronLeftIcon, ChevronRightIcon } from './icons'
import './pagination.css'

/** Page numbers to show: the first, the last, and the neighbours of the current one, with gaps. */
export function pageItems(current: number, last: number): (number | 'gap')[] {
  const pages = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last))
  if (current <= 3) [2, 3, 4].forEach((p) => p <= last && pages.add(p))
  if (current >= last - 2) [last - 3, last - 2, last - 1].forEach((p) => p >= 1 && pages.add(p))
  const sorted = [...pages].sort((a, b) => a - b)
  const items: (number | 'gap')[] = []
  sorted.forEach((page, i) => {
    const previous = sorted[i - 1]
    if (previous !== undefined && page - previous > 1) items.push(page - previous === 2 ? page - 1 : 'gap')
    items.push(page)
  })
  return items
}

export interface PageLinkAttrs {
  className: string
  'aria-label': string
  'aria-current'?: 'page'
}

interface PaginationProps {
  page: number
  lastPage: number
  renderLink: (page: number, content: ReactNode, attrs: PageLinkAttrs) => ReactNode
}

export function Pagination({ page, lastPage, renderLink }: PaginationProps) {
  const { t } = useLingui()
  if (lastPage <= 1) return null
  const prev = page - 1
  const next = page + 1
  return (
    <nav className="pagination" aria-label={t`Pagination`}>
      {page > 1 ? (
        renderLink(prev, <ChevronLeftIcon size={18} />, { className: 'pagination__step', 'aria-label': t`Previous page` })
      ) : (
        <span className="pagination__step is-disabled" aria-hidden="true">
          <ChevronLeftIcon size={18} />
        </span>
      )}
      <ul className="pagination__pages">
        {pageItems(page, lastPage).map((item, i) => {
          const number = item
          return item === 'gap' ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              {renderLink(item, item, {
                className: `pagination__page${item === page ? ' is-current' : ''}`,
                'aria-label': t`Page ${number}`,
                ...(item === page ? { 'aria-current': 'page' as const } : {}),
              })}
            </li>
          )
        })}
      </ul>
      {page < lastPage ? (
        renderLink(next, <ChevronRightIcon size={18} />, { className: 'pagination__step', 'aria-label': t`Next page` })
      ) : (
        <span className="pagination__step is-disabled" aria-hidden="true">
          <ChevronRightIcon size={18} />
        </span>
      )}
    </nav>
  )
}
