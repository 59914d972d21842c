import { useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import type { PendingOrder } from '../../../../contract/review'
import { useLocale } from '@/lib/i18n'
import { htmlLang } from '@/lib/locale'
import { Picture } from '@/ui/picture'
import { useCreateReview } from '../api/create-review'
import { usePendingReviews } from '../api/get-pending-reviews'
import { formatReviewDate } from './review-item'
import { ReviewForm } from './review-form'

interface PendingReviewsProps {
  /** called after a review is posted (the app refreshes the product's rating) */
  onReviewed?: (productId: number) => void
  /** shown when nothing is waiting: a way to the shop */
  emptyAction?: ReactNode
}

/** 'To review': the member's delivered orders with the items not reviewed yet, each with its form. */
export function PendingReviews({ onReviewed, emptyAction }: PendingReviewsProps) {
  const { t } = useLingui()
  const { data, isPending, isError, refetch } = usePendingReviews()
  if (isPending) return <div className="skeleton" style={{ height: 160 }} role="status" aria-label={t`Loading…`} />
  if (isError && !data)
    return (
      <div className="form-alert" role="alert">
        {t`Your orders to review could not be loaded.`}{' '}
        <button type="button" className="link-button" onClick={() => void refetch()}>
          {t`Try again`}
        </button>
      </div>
    )
  const orders = data.filter((order) => order.items.length > 0)
  if (orders.length === 0)
    return (
      <div className="reviews-empty">
        <p>{t`Nothing to review right now. Items of delivered orders show up here.`}</p>
        {emptyAction}
      </div>
    )
  return (
    <ul className="reviews-list">
      {orders.map((order) => (
        <li key={order.order_no}>
          <PendingOrderCard order={order} onReviewed={onReviewed} />
        </li>
      ))}
    </ul>
  )
}

function PendingOrderCard({ order, onReviewed }: { order: PendingOrder; onReviewed?: (productId: number) => void }) {
  const { t } = useLingui()
  const lang = htmlLang(useLocale())
  const orderNo = order.order_no
  const date = formatReviewDate(order.completed_at, lang)
  const titleId = `pending-${orderNo}`
  return (
    <article className="pending-order" aria-labelledby={titleId}>
      <header className="pending-order__head">
        <h2 id={titleId} className="pending-order__no">
          {t`Order ${orderNo}`}
        </h2>
        <p className="pending-order__date">
          {t`Delivered`} <time dateTime={order.completed_at}>{date}</time>
        </p>
      </header>
      <ul className="pending-order__items">
        {order.items.map((item) => (
          <li key={item.product_id}>
            <PendingItem orderNo={orderNo} item={item} onReviewed={onReviewed} />
          </li>
        ))}
      </ul>
    </article>
  )
}

function PendingItem({ orderNo, item, onReviewed }: { orderNo: string; item: PendingOrder['items'][number]; onReviewed?: (productId: number) => void }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const create = useCreateReview()
  const name = item.name
  const formId = `review-form-${orderNo}-${item.product_id}`
  return (
    <div className="review-target">
      <Picture src={item.image} alt="" preset="product" sizes="72px" className="review-target__image" />
      <div className="review-target__body">
        <h3 className="review-target__name">{name}</h3>
        {item.variant_label ? <p className="review-target__variant">{item.variant_label}</p> : null}
        {!open ? (
          <div>
            <button type="button" className="button button-secondary" aria-expanded={false} aria-controls={formId} onClick={() => setOpen(true)}>
              {t`Write a review`}
              <span className="visually-hidden">: {name}</span>
            </button>
          </div>
        ) : null}
      </div>
      {open ? (
        <div id={formId} className="review-target__form">
          <ReviewForm
            productName={name}
            submitLabel={t`Submit review`}
            onCancel={() => setOpen(false)}
            onSubmit={async (input) => {
              await create.mutateAsync({ order_no: orderNo, product_id: item.product_id, ...input })
              onReviewed?.(item.product_id)
            }}
          />
        </div>
      ) : null}
    </div>
  )
}
