import { plural } from '@lingui/core/macro'
import { Plural, useLingui } from '@lingui/react/macro'
import type { ReviewSummary as Summary } from '../../../../contract/review'
import { Stars } from '@/ui/stars'
import { bandsOf } from './review-filter'

interface ReviewSummaryProps {
  summary: Summary
  /** the score the list is filtered by */
  score: number | undefined
  onToggleScore: (rate: number) => void
}

/** A bar's accessible name: '5 stars, 43 reviews'. */
function bandLabel(rate: number, total: number): string {
  const stars = plural(rate, { one: '# star', other: '# stars' })
  const reviews = plural(total, { one: '# review', other: '# reviews' })
  return `${stars}, ${reviews}`
}

/** The average, its stars, and a bar per score (5 to 1) that filters the list by that score. */
export function ReviewSummary({ summary, score, onToggleScore }: ReviewSummaryProps) {
  const { t, i18n } = useLingui()
  const average = new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(summary.average)
  return (
    <div className="review-summary">
      <div className="review-summary__average">
        <p className="review-summary__score">{average}</p>
        <Stars value={summary.average} size={20} />
        <p className="review-summary__total">
          <Plural value={summary.reviews_total} one="# review" other="# reviews" />
        </p>
      </div>
      <ul className="review-summary__bands" aria-label={t`Filter by score`}>
        {bandsOf(summary).map((band) => {
          const { rate, total } = band
          const chosen = score === rate
          return (
            <li key={rate}>
              <button
                type="button"
                className={`review-band${chosen ? ' is-chosen' : ''}`}
                aria-pressed={chosen}
                onClick={() => onToggleScore(rate)}
              >
                <span className="visually-hidden">{bandLabel(rate, total)}</span>
                <span className="review-band__rate" aria-hidden="true">
                  {rate}★
                </span>
                <span className="review-band__bar" aria-hidden="true">
                  <span className="review-band__fill" style={{ width: `${band.percent}%` }} />
                </span>
                <span className="review-band__total" aria-hidden="true">
                  {total}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
