import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Order } from '../../../../contract/order'
import { useLocale, useLocalePrefix } from '@/lib/i18n'
import { formatPrice } from '@/lib/format-price'
import { htmlLang } from '@/lib/locale'
import { CheckIcon, CloseIcon } from '@/ui/icons'
import { declineMessage } from './order-labels'
import { OrderActions } from './order-actions'
import { OrderBadges, OrderItems, OrderTotals } from './order-parts'
import { PickupStatus } from './pickup-status'
import './orders.css'

interface OrderCompleteProps {
  order: Order
  /** a card payment was just confirmed and the shop is waiting for Stripe's word on it */
  confirming: boolean
  /** the wait has lasted long: say so honestly rather than spin */
  slow: boolean
  /** back from the store map with another store for a pick-up parcel */
  storePick?: string
  mapFailed?: boolean
  onReturnHandled?: () => void
}

const INVOICE_FIELDS = ['tax_id', 'company_title', 'carrier_code', 'donation_code', 'name', 'email'] as const

/** The order-complete page (/purchase/{no}): number, items, totals, payment state and what happens next. */
export function OrderComplete({ order, confirming, slow, storePick, mapFailed, onReturnHandled }: OrderCompleteProps) {
  const { t } = useLingui()
  const lang = htmlLang(useLocale())
  const locale = useLocalePrefix()
  const dateTime = (iso: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
  const no = order.no
  const cancelled = order.order_status === 'CANCEL'
  // a cancelled order is never celebrated, even when it had been paid (its money is refunded)
  const paid = order.payment_status === 'SUCCESSED' && !cancelled
  const waiting = confirming && order.payment_status === 'PROCESSING' && order.order_status === 'PROCESSING'
  const deadline = order.payment.pay_before ? dateTime(order.payment.pay_before) : ''
  const { recipient, pickup } = order
  const cod = order.payment.method === 'cod'
  const invoiceLabels: Record<(typeof INVOICE_FIELDS)[number], string> = {
    tax_id: t`Tax number`,
    company_title: t`Company name`,
    carrier_code: t`Carrier`,
    donation_code: t`Donation code`,
    name: t`Name on the invoice`,
    email: t`E-mail for the invoice`,
  }

  const headline =
    cancelled
      ? t`This order is cancelled`
      : pickup && order.order_status === 'COMPLETED'
        ? t`Thank you! You collected your order.`
        : paid
        ? t`Thank you! Your order is paid.`
        : order.payment_status === 'FAILED'
          ? t`The payment did not go through`
          : waiting
            ? t`Confirming your payment…`
            : cod
              ? t`Thank you! Your order is placed.`
              : t`Your order is placed and waiting for payment`

  return (
    <div className="container order-page">
      <header className={`order-hero${paid ? ' is-paid' : cancelled ? ' is-cancelled' : ''}`}>
        {paid ? (
          <span className="order-hero__icon" aria-hidden="true">
            <CheckIcon size={28} />
          </span>
        ) : cancelled ? (
          <span className="order-hero__icon order-hero__icon--cancelled" aria-hidden="true">
            <CloseIcon size={26} />
          </span>
        ) : null}
        <h1 className="page-title">{headline}</h1>
        <p className="order-hero__no">
          {t`Order number`} <strong>{no}</strong>
        </p>
        <OrderBadges order={order} />
      </header>

      <section className="order-next" aria-label={t`Next steps`} aria-live="polite">
        <NextSteps order={order} waiting={waiting} slow={slow} deadline={deadline} />
        {pickup ? <PickupStatus order={{ ...order, pickup }} storePick={storePick} mapFailed={mapFailed} onReturnHandled={onReturnHandled} /> : null}
        <OrderActions order={order} />
      </section>

      <div className="order-page__body">
        <section className="order-panel" aria-labelledby="order-items-title">
          <h2 id="order-items-title" className="order-panel__title">
            {t`Ordered items`}
          </h2>
          <OrderItems items={order.items} />
          <OrderTotals order={order} />
        </section>
        <section className="order-panel" aria-labelledby="order-details-title">
          <h2 id="order-details-title" className="order-panel__title">
            {t`Details`}
          </h2>
          <dl className="order-details">
            <div>
              <dt>{t`Ordered on`}</dt>
              <dd>{dateTime(order.created_at)}</dd>
            </div>
            <div>
              <dt>{t`Delivery`}</dt>
              <dd>{pickup ? t`Convenience-store pick-up` : t`Home delivery`}</dd>
            </div>
            <div>
              <dt>{pickup ? t`Collected by` : t`Recipient`}</dt>
              <dd>
                {recipient.name} · {recipient.phone}
                <br />
                {pickup ? null : `${recipient.zip_code} ${recipient.county}${recipient.district}`}
                {recipient.address}
              </dd>
            </div>
            <div>
              <dt>{t`Payment`}</dt>
              <dd>{cod ? t`Cash on pick-up` : t`Card`}</dd>
            </div>
            <div>
              <dt>{t`Invoice`}</dt>
              <dd>
                {order.invoice.mode === 'company' ? t`Company` : order.invoice.mode === 'donation' ? t`Donated` : t`Personal`}
                {INVOICE_FIELDS.filter((field) => order.invoice[field]).map((field) => (
                  <span key={field} className="order-details__line">
                    {invoiceLabels[field]}: {order.invoice[field]}
                  </span>
                ))}
              </dd>
            </div>
            {order.payment.paid_at ? (
              <div>
                <dt>{t`Paid on`}</dt>
                <dd>{dateTime(order.payment.paid_at)}</dd>
              </div>
            ) : null}
            {order.refund ? (
              <div>
                <dt>{t`Refund`}</dt>
                <dd>{order.refund.status === 'REFUNDED' ? t`Refunded` : t`Refund in progress`}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      </div>
      <p className="order-page__links">
        <Link to="/{-$locale}/user/order" params={{ locale }} className="button button-secondary">
          {t`My orders`}
        </Link>
        <Link to="/{-$locale}/product/list" params={{ locale }} className="button button-secondary">
          {t`Continue shopping`}
        </Link>
      </p>
    </div>
  )
}

function NextSteps({ order, waiting, slow, deadline }: { order: Order; waiting: boolean; slow: boolean; deadline: string }) {
  const { t, i18n } = useLingui()
  const reason = order.cancel_reason ?? ''
  if (order.order_status === 'CANCEL') {
    const refunded = formatPrice(order.refund?.amount ?? 0)
    return (
      <>
        <p>{order.cancel_reason ? t`Reason: ${reason}` : t`Nothing will be shipped.`}</p>
        {order.refund ? (
          <p className={order.refund.status === 'PENDING' ? 'order-next__waiting' : undefined}>
            {order.refund.status === 'REFUNDED' ? t`${refunded} has been refunded to your card.` : t`A refund of ${refunded} to your card is under way.`}
          </p>
        ) : null}
      </>
    )
  }
  const pickup = order.pickup
  if (order.order_status === 'COMPLETED') return <p>{pickup ? t`You collected your parcel at the store. Enjoy!` : t`Your parcel has been delivered. Enjoy!`}</p>
  if (order.order_status === 'TRANSPORTING') return <p>{pickup ? t`Your parcel is on its way to the store. We will tell you when it arrives.` : t`Your parcel is on its way.`}</p>
  if (order.payment.method === 'cod') {
    const amount = formatPrice(order.amount)
    return <p>{t`We are packing your order. You pay ${amount} in cash when you collect it at the store.`}</p>
  }
  if (order.payment_status === 'SUCCESSED') {
    return <p>{t`We are packing your order. Once it ships you will find its tracking number under My orders.`}</p>
  }
  if (order.payment_status === 'FAILED') {
    return (
      <p className="form-alert" role="alert">
        {i18n._(declineMessage(order.payment.failure_code))}
        {deadline ? <span className="order-next__deadline">{t`You can pay again until ${deadline}.`}</span> : null}
      </p>
    )
  }
  if (waiting) {
    return (
      <p role="status" className="order-next__waiting">
        {slow
          ? t`Your payment is still being processed. This page updates by itself once the card company answers; you will not be charged twice.`
          : t`Your card payment is being confirmed. This takes a few seconds.`}
      </p>
    )
  }
  return <p>{deadline ? t`Please pay by ${deadline}; unpaid orders are cancelled then.` : t`This order is waiting for payment.`}</p>
}
