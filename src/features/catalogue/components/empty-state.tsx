import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import './empty-state.css'

export function EmptyProducts({ action }: { action: ReactNode }) {
  const { t } = useLingui()
  return (
    <div className="empty-state" role="status">
      <svg viewBox="0 0 120 90" width="120" height="90" aria-hidden="true" focusable="false">
        <rect x="18" y="26" width="84" height="56" rx="10" fill="#fff1f3" stroke="#f3b9c2" strokeWidth="2" />
        <path d="M18 40h84" stroke="#f3b9c2" strokeWidth="2" />
        <circle cx="60" cy="14" r="9" fill="none" stroke="#e8384f" strokeWidth="3" />
        <path d="m66.5 20.5 6 6" stroke="#e8384f" strokeWidth="3" strokeLinecap="round" />
        <path d="M46 62c4-5 24-5 28 0" fill="none" stroke="#e8384f" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h2 className="empty-state__title">{t`No products found`}</h2>
      <p className="empty-state__text">{t`Try another filter or keyword, or browse everything we carry.`}</p>
      <div className="empty-state__action">{action}</div>
    </div>
  )
}
