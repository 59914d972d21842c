import { useLingui } from '@lingui/react/macro'
import './page-skeleton.css'

/** Shown while a page's data loads for longer than a blink. */
export function PageSkeleton() {
  const { t } = useLingui()
  return (
    <div className="container page-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t`Loading…`}</span>
      <div className="skeleton" style={{ height: 14, width: 180 }} />
      <div className="skeleton" style={{ height: 28, width: '55%', marginTop: 16 }} />
      <div className="page-skeleton__grid">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i}>
            <div className="skeleton page-skeleton__tile" />
            <div className="skeleton" style={{ height: 12, width: '85%', marginTop: 10 }} />
            <div className="skeleton" style={{ height: 12, width: '45%', marginTop: 8 }} />
          </div>
        ))}
      </div>
    </div>
  )
}
