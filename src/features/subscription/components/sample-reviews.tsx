import { plural } from '@lingui/core/macro'
import { Plural, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { SUBSCRIPTION_REVIEW_SUMMARY, SUBSCRIPTION_SAMPLE_REVIEWS } from '../../../../contract/subscription'
import { useLocale } from '@/lib/i18n'
import { ReviewSummary } from '@/ui/review-summary'
import { Stars } from '@/ui/stars'
import { RATINGS, ratingBands, reviewsWithRating, toggleRating, type RatingFilter } from './sample-review-filter'

const starsLabel = (rate: number) => plural(rate, { one: '# star', other: '# stars' })


/**
 * What subscribers say (spec §9): the average, its stars and a bar per star count that filters the
 * sample reviews below, as do the chips above them; "All" shows every sample again.
 */
export function SampleReviews() {
  const { t } = useLingui()
  const locale = useLocale()
  const [rating, setRating] = useState<RatingFilter>('all')
  const summary = SUBSCRIPTION_REVIEW_SUMMARY
  const shown = reviewsWithRating(SUBSCRIPTION_SAMPLE_REVIEWS, rating)
  const count = shown.length
  const chips: RatingFilter[] = ['all', ...RATINGS]

  return (
    <section className="section container" aria-labelledby="box-reviews">
      <h2 id="box-reviews" className="section-title">
        {t`What subscribers say`}
      </h2>
      <div className="box-reviews">
        <ReviewSummary
          average={summary.average}
          total={summary.total}
          bands={ratingBands(summary).map((band) => ({ rate: band.rating, total: band.count, percent: band.percent }))}
          score={rating === 'all' ? undefined : rating}
          onToggleScore={(rate) => setRating((current) => toggleRating(current, rate as (typeof RATINGS)[number]))}
        />
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
