import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import './breadcrumb.css'

export interface Crumb {
  key: string
  /** a rendered link; the last crumb is the current page and is plain text */
  node: ReactNode
}

export function Breadcrumb({ items }: { items: Crumb[] }) {
  const { t } = useLingui()
  return (
    <nav aria-label={t`Breadcrumb`} className="breadcrumb">
      <ol>
        {items.map((item, index) => (
          <li key={item.key} aria-current={index === items.length - 1 ? 'page' : undefined}>
            {item.node}
          </li>
        ))}
      </ol>
    </nav>
  )
}
