import { Plural, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import type { OwnReview } from '../../../../contract/review'
import { useLocale } from '@/lib/i18n'
import { htmlLang } from '@/lib/locale'
import { Picture } from '@/ui/picture'
import { Stars } from '@/ui/stars'
import { useReviewHistory } from '../api/get-review-history'
import { useUpdateReview } from '../api/update-review'
import { formatReviewDate, ReviewBody } from './review-item'
import { ReviewForm } from './review-form'
import { LoadError } from '@/ui/load-error'

interface ReviewHistoryProps {
  page: number
  renderPagination: (current: number, last: number) => ReactNode
  onReviewed?: (productId: number) => void
}

/** 'My reviews': what the member wrote, newest first, each editable in place. */
export function ReviewHistory({ page, renderPagination, onReviewed }: ReviewHistoryProps) {
  const { t } = useLingui()
  const { data, isPending, isError, refetch } = useReviewHistory(page)
  if (isPending) return <div className="skeleton" style={{ height: 160 }} role="status" aria-label={t`Loading…`} />
  if (isError && !data)
    return (
      <LoadError message={t`Your reviews could not be loaded.`} onRetry={() => void refetch()} />
    )
  if (data.total === 0)
    return (
      <div className="reviews-empty">
        <p>{t`You have not written any reviews yet.`}</p>
      </div>
    )
  return (
    <>
      <p className="list-head__count">
        <Plural value={data.total} one="# review" other="# reviews" />
      </p>
      <ul className="reviews-list">
        {data.data.map((review) => (
          <li key={review.id}>
            <OwnReviewCard review={review} onReviewed={onReviewed} />
          </li>
        ))}
      </ul>
      {renderPagination(data.current_page, data.last_page)}
    </>
  )
}

function OwnReviewCard({ review, onReviewed }: { review: OwnReview; onReviewed?: (productId: number) => void }) {
  const { t } = useLingui()
  const lang = htmlLang(useLocale())
  const [editing, setEditing] = useState(false)
  const update = useUpdateReview()
  const name = review.product_name
  return (
    <article className="pending-order own-review" aria-label={name}>
      <div className="review-target">
        <Picture src={review.product_image} alt="" preset="product" sizes="72px" className="review-target__image" />
        <div className="review-target__body">
          <h2 className="review-target__name">{name}</h2>
          {review.variant_label ? <p className="review-target__variant">{review.variant_label}</p> : null}
          {review.hidden ? <p className="own-review__hidden">{t`The shop has hidden this review; other shoppers do not see it.`}</p> : null}
          {!editing ? (
            <>
              <p className="review-item__head">
                <Stars value={review.score} />
                <span className="review-item__date">
                  <time dateTime={review.created_at}>{formatReviewDate(review.created_at, lang)}</time>
                  {review.edited_at ? <span> · {t`edited`}</span> : null}
                </span>
              </p>
              <ReviewBody review={review} />
              <div>
                <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
                  {t`Edit`}
                  <span className="visually-hidden">: {name}</span>
                </button>
              </div>
            </>
          ) : null}
        </div>
        {editing ? (
          <ReviewForm
            productName={name}
            initial={{ score: review.score, evaluation: review.evaluation }}
            submitLabel={t`Save`}
            onCancel={() => setEditing(false)}
            onSubmit={async (input) => {
              await update.mutateAsync({ id: review.id, input })
              setEditing(false)
              onReviewed?.(review.product_id)
            }}
          />
        ) : null}
      </div>
    </article>
  )
}
