import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import type { Order } from '../../../../contract/order'
import { OrderLine } from '@/ui/order-line'
import { Price } from '@/ui/price'
import { CASH_ON_PICKUP_LABEL, ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, REFUND_STATUS_LABELS } from './order-labels'

type Tone = 'ok' | 'warn' | 'bad' | 'info' | 'muted'

/**
 * The payment's badge. On a cancelled order it tells the refund (in progress: amber; done: neutral),
 * never a green "paid": the money is going back, nothing is on its way.
 */
function paymentBadge(order: Pick<Order, 'order_status' | 'payment_status' | 'refund'> & { payment?: Pick<Order['payment'], 'method'> }): { label: MessageDescriptor; tone: Tone } {
  if (order.refund) return { label: REFUND_STATUS_LABELS[order.refund.status], tone: order.refund.status === 'PENDING' ? 'warn' : 'muted' }
  // cash on pick-up is not a payment missing: it is paid at the store
  if (order.payment?.method === 'cod' && order.payment_status === 'PROCESSING' && order.order_status !== 'CANCEL') return { label: CASH_ON_PICKUP_LABEL, tone: 'info' }
  const label = PAYMENT_STATUS_LABELS[order.payment_status]
  if (order.order_status === 'CANCEL') return { label, tone: 'muted' }
  return { label, tone: order.payment_status === 'SUCCESSED' ? 'ok' : order.payment_status === 'FAILED' ? 'bad' : 'warn' }
}

/** The order's two states, as badges. */
export function OrderBadges({ order }: { order: Pick<Order, 'order_status' | 'payment_status' | 'refund'> & { payment?: Pick<Order['payment'], 'method'> } }) {
  const { i18n, t } = useLingui()
  const payment = paymentBadge(order)
  const orderTone: Tone = order.order_status === 'CANCEL' ? 'muted' : order.order_status === 'COMPLETED' ? 'ok' : 'info'
  return (
    <ul className="order-badges" aria-label={t`Status`}>
      <li className={`order-badge order-badge--${orderTone}`}>{i18n._(ORDER_STATUS_LABELS[order.order_status])}</li>
      <li className={`order-badge order-badge--${payment.tone}`}>{i18n._(payment.label)}</li>
    </ul>
  )
}

export function OrderItems({ items }: { items: Order['items'] }) {
  const { t } = useLingui()
  return (
    <ul className="order-items" aria-label={t`Ordered items`}>
      {items.map((item) => (
        <OrderLine
          key={item.variant_id}
          image={item.image}
          name={item.name}
          detail={
            <>
              {item.variant_label} · <Price min={item.price} /> × {item.quantity}
              {item.stock_type === 'PRE_ORDER' ? <span className="order-item__tag">{t`Pre-order`}</span> : null}
            </>
          }
          total={<Price min={item.line_total} />}
        />
      ))}
    </ul>
  )
}

export function OrderTotals({ order }: { order: Order }) {
  const { t } = useLingui()
  const code = order.coupon?.code ?? ''
  return (
    <dl className="order-totals">
      <div>
        <dt>{t`Subtotal`}</dt>
        <dd>
          <Price min={order.subtotal} />
        </dd>
      </div>
      {order.discount > 0 ? (
        <div className="order-totals__discount">
          <dt>{order.coupon ? t`Discount (${code})` : t`Discount`}</dt>
          <dd>
            −<Price min={order.discount} />
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{t`Delivery fee`}</dt>
        <dd>{order.logistics_fee === 0 ? t`Free` : <Price min={order.logistics_fee} />}</dd>
      </div>
      <div className="order-totals__amount">
        <dt>{t`Total`}</dt>
        <dd>
          <Price min={order.amount} />
        </dd>
      </div>
      <div className="order-totals__tax">
        <dt>{t`Including 5% business tax`}</dt>
        <dd>
          <Price min={order.tax} />
        </dd>
      </div>
    </dl>
  )
}
