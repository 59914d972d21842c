import { plural } from '@lingui/core/macro'
import { Plural, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { SUBSCRIPTION_REVIEW_SUMMARY, SUBSCRIPTION_SAMPLE_REVIEWS } from '../../../../contract/subscription'
import { useLocale } from '@/lib/i18n'
import { Stars } from '@/ui/stars'
import { RATINGS, ratingBands, reviewsWithRating, toggleRating, type RatingFilter } from './sample-review-filter'

const starsLabel = (rate: number) => plural(rate, { one: '# star', other: '# stars' })

/** A bar's accessible name: '5 stars, 43 reviews'. */
function bandLabel(rate: number, total: number): string {
  const reviews = plural(total, { one: '# review', other: '# reviews' })
  return `${starsLabel(rate)}, ${reviews}`
}

/**
 * What subscribers say (spec §9): the average, its stars and a bar per star count that filters the
 * sample reviews below, as do the chips above them; "All" shows every sample again.
 */
export function SampleReviews() {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const [rating, setRating] = useState<RatingFilter>('all')
  const summary = SUBSCRIPTION_REVIEW_SUMMARY
  const average = new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(summary.average)
  const shown = reviewsWithRating(SUBSCRIPTION_SAMPLE_REVIEWS, rating)
  const count = shown.length
  const chips: RatingFilter[] = ['all', ...RATINGS]

  return (
    <section className="section container" aria-labelledby="box-reviews">
      <h2 id="box-reviews" className="section-title">
        {t`What subscribers say`}
      </h2>
      <div className="box-reviews">
        <div className="box-reviews__summary">
          <div className="box-reviews__average">
            <p className="box-reviews__score">{average}</p>
            <Stars value={summary.average} size={20} />
            <p className="box-reviews__total">
              <Plural value={summary.total} one="# review" other="# reviews" />
            </p>
          </div>
          <ul className="box-reviews__bands" aria-label={t`Filter by score`}>
            {ratingBands(summary).map((band) => {
              const chosen = rating === band.rating
              return (
                <li key={band.rating}>
                  <button type="button" className={`box-band${chosen ? ' is-chosen' : ''}`} aria-pressed={chosen} onClick={() => setRating((current) => toggleRating(current, band.rating))}>
                    <span className="visually-hidden">{bandLabel(band.rating, band.count)}</span>
                    <span className="box-band__rate" aria-hidden="true">
                      {band.rating}★
                    </span>
                    <span className="box-band__bar" aria-hidden="true">
                      <span className="box-band__fill" style={{ width: `${band.percent}%` }} />
                    </span>
                    <span className="box-band__total" aria-hidden="true">
                      {band.count}
                    </span>
                  </button>
                </li>
              )
            })}
          </ul>
        </div>
        <div className="box-reviews__samples">
          <div className="box-reviews__chips" role="group" aria-label={t`Show reviews by rating`}>
            {chips.map((chip) => (
              <button key={chip} type="button" className={`box-chip${rating === chip ? ' is-chosen' : ''}`} aria-pressed={rating === chip} onClick={() => setRating(chip)}>
                {chip === 'all' ? t`All` : starsLabel(chip)}
              </button>
            ))}
          </div>
          <p className="box-reviews__shown" aria-live="polite">
            {rating === 'all' ? (
              <Plural value={count} one="# review shown" other="# reviews shown" />
            ) : (
              <Plural value={count} one="# review with this rating" other="# reviews with this rating" />
            )}
          </p>
          {shown.length === 0 ? (
            <div className="box-reviews__empty">
              <p>{t`No reviews with this rating yet.`}</p>
              <button type="button" className="link-button" onClick={() => setRating('all')}>
                {t`Show all reviews`}
              </button>
            </div>
          ) : (
            <ul className="box-reviews__list" aria-label={t`Sample reviews`}>
              {shown.map((review) => (
                <li key={review.id}>
                  <article className="box-review" aria-label={review.name}>
                    <div className="box-review__head">
                      <Stars value={review.score} />
                      <span className="box-review__name">{review.name}</span>
                    </div>
                    <p className="box-review__text">{review.text[locale]}</p>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  )
}
