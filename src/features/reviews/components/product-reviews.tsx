import { Plural, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { REVIEW_SORTS, type ReviewSort } from '../../../../contract/review'
import { Pagination } from '@/ui/pagination'
import { useProductReviews } from '../api/get-product-reviews'
import { bandsOf, toggleScore } from './review-filter'
import { ReviewItem } from './review-item'
import { ReviewSummary } from '@/ui/review-summary'
import '@/ui/form.css'
import './reviews.css'
import { LoadError } from '@/ui/load-error'

/** The product page's reviews: the summary with its score filter, the sort, and the list, paged. */
export function ProductReviews({ productId }: { productId: number }) {
  const { t } = useLingui()
  const sortId = useId()
  const [score, setScore] = useState<number | undefined>()
  const [sort, setSort] = useState<ReviewSort>('newest')
  const [page, setPage] = useState(1)
  const { data, isPending, isError, isPlaceholderData, refetch } = useProductReviews(productId, { score, sort, page })
  const sortNames: Record<ReviewSort, string> = { newest: t`Newest`, highest: t`Highest rated`, lowest: t`Lowest rated` }
  const total = data?.summary.reviews_total ?? 0

  return (
    <section className="section product-reviews" id="reviews" aria-labelledby="reviews-title">
      <div className="section-head">
        <h2 id="reviews-title" className="section-title">
          {t`Reviews`}
          {total > 0 ? <span className="product-reviews__count"> ({total})</span> : null}
        </h2>
      </div>
      {isPending ? <div className="skeleton" style={{ height: 140 }} role="status" aria-label={t`Loading…`} /> : null}
      {isError && !data ? (
        <LoadError message={t`The reviews could not be loaded.`} onRetry={() => void refetch()} />
      ) : null}
      {data && total === 0 ? <p className="product-reviews__empty">{t`No reviews yet`}</p> : null}
      {data && total > 0 ? (
        <div className="product-reviews__body">
          <ReviewSummary
            average={data.summary.average}
            total={data.summary.reviews_total}
            bands={bandsOf(data.summary)}
            score={score}
            onToggleScore={(rate) => {
              setScore((current) => toggleScore(current, rate))
              setPage(1)
            }}
          />
          <div className="product-reviews__list" aria-busy={isPlaceholderData}>
            <div className="product-reviews__toolbar">
              <p className="product-reviews__shown" aria-live="polite">
                <Plural value={data.total} one="# review" other="# reviews" />
                {score !== undefined ? (
                  <>
                    {' · '}
                    {t`${score}-star reviews only`}{' '}
                    <button type="button" className="link-button" onClick={() => setScore(undefined)}>
                      {t`Show all`}
                    </button>
                  </>
                ) : null}
              </p>
              <label htmlFor={sortId} className="visually-hidden">
                {t`Sort reviews`}
              </label>
              <select
                id={sortId}
                className="field__input field__select product-reviews__sort"
                value={sort}
                onChange={(event) => {
                  setSort(event.target.value as ReviewSort)
                  setPage(1)
                }}
              >
                {REVIEW_SORTS.map((value) => (
                  <option key={value} value={value}>
                    {sortNames[value]}
                  </option>
                ))}
              </select>
            </div>
            {data.data.length === 0 ? <p className="product-reviews__empty">{t`No reviews with this score.`}</p> : null}
            <ul className="product-reviews__items">
              {data.data.map((review) => (
                <li key={review.id}>
                  <ReviewItem review={review} />
                </li>
              ))}
            </ul>
            <Pagination
              page={data.current_page}
              lastPage={data.last_page}
              renderLink={(target, content, attrs) => (
                <button type="button" {...attrs} onClick={() => setPage(target)}>
                  {content}
                </button>
              )}
            />
          </div>
        </div>
      ) : null}
    </section>
  )
}
