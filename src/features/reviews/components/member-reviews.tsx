import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import './reviews.css'

export type MemberReviewsTab = 'pending' | 'history'

interface MemberReviewsProps {
  tab: MemberReviewsTab
  /** the two tabs, as links the route makes */
  renderTab: (tab: MemberReviewsTab, content: ReactNode, attrs: { className: string; 'aria-current'?: 'page' }) => ReactNode
  children: ReactNode
}

/** The member area's reviews page: 'To review' and 'My reviews'. */
export function MemberReviews({ tab, renderTab, children }: MemberReviewsProps) {
  const { t } = useLingui()
  const tabs: { tab: MemberReviewsTab; label: string }[] = [
    { tab: 'pending', label: t`To review` },
    { tab: 'history', label: t`My reviews` },
  ]
  return (
    <section aria-labelledby="reviews-page-title" className="member-reviews">
      <div className="list-head">
        <h1 id="reviews-page-title" className="page-title">
          {t`Reviews`}
        </h1>
      </div>
      <nav className="reviews-tabs" aria-label={t`Reviews`}>
        {tabs.map((item) => (
          <span key={item.tab}>
            {renderTab(item.tab, item.label, { className: `reviews-tab${item.tab === tab ? ' is-current' : ''}`, ...(item.tab === tab ? { 'aria-current': 'page' as const } : {}) })}
          </span>
        ))}
      </nav>
      {children}
    </section>
  )
}
