import { useLingui } from '@lingui/react/macro'
import type { Review } from '../../../../contract/review'
import { useLocale } from '@/lib/i18n'
import { htmlLang } from '@/lib/locale'
import { ShieldCheckIcon } from '@/ui/icons'
import { Stars } from '@/ui/stars'

export const formatReviewDate = (iso: string, lang: string): string => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(date)
}

/** One shopper's review: stars, who (masked), what they bought, when, the text and the shop's answer. */
export function ReviewItem({ review }: { review: Review }) {
  const { t } = useLingui()
  const lang = htmlLang(useLocale())
  const variant = review.variant_label
  return (
    <article className="review-item">
      <header className="review-item__head">
        <Stars value={review.score} />
        <span className="review-item__author">{review.author}</span>
        <span className="review-item__date">
          <time dateTime={review.created_at}>{formatReviewDate(review.created_at, lang)}</time>
          {review.edited_at ? <span className="review-item__edited"> · {t`edited`}</span> : null}
        </span>
      </header>
      {review.verified_purchase ? (
        <p className="review-item__verified">
          <ShieldCheckIcon size={14} />
          {variant ? t`Verified purchase: ${variant}` : t`Verified purchase`}
        </p>
      ) : null}
      <ReviewBody review={review} />
    </article>
  )
}

/** What the buyer wrote, and the shop's reply under it. */
export function ReviewBody({ review }: { review: Pick<Review, 'evaluation' | 'reply'> }) {
  const { t } = useLingui()
  return (
    <>
      {review.evaluation ? <p className="review-item__text">{review.evaluation}</p> : null}
      {review.reply ? (
        <div className="review-item__reply">
          <p className="review-item__reply-title">{t`Reply from the shop`}</p>
          <p>{review.reply.text}</p>
        </div>
      ) : null}
    </>
  )
}
