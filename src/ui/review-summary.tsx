import { plural } from '@lingui/core/macro'
import { Plural, useLingui } from '@lingui/react/macro'
import { Stars } from './stars'
import './review-summary.css'

/** One score's bar: how many reviews gave it, and their share of all, 0 to 100. */
export interface ScoreBand {
  rate: number
  total: number
  percent: number
}

interface ReviewSummaryProps {
  average: number
  total: number
  /** 5 stars first */
  bands: ScoreBand[]
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

/** The average, its stars, and a bar per score (5 to 1) that filters the list by that score: a product's reviews, the snack box's. */
export function ReviewSummary(props: ReviewSummaryProps) {
  const { average: mean, bands, score, onToggleScore } = props
  const { t, i18n } = useLingui()
  const average = new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(mean)
  return (
    <div className="review-summary">
      <div className="review-summary__average">
        <p className="review-summary__score">{average}</p>
        <Stars value={mean} size={20} />
        <p className="review-summary__total">
          <Plural value={props.total} one="# review" other="# reviews" />
        </p>
      </div>
      <ul className="review-summary__bands" aria-label={t`Filter by score`}>
        {bands.map((band) => {
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
