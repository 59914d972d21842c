import { useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { Order } from '../../../../contract/order'
import { isApiError } from '@/lib/api-client'
import { useLocalePrefix } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import { ExternalIcon } from '@/ui/icons'
import { Modal } from '@/ui/modal'
import { useCancelOrder } from '../api/cancel-order'
import { usePayOrder } from '../api/pay-order'

/**
 * What the member may do with an order now (the server says which): check delivery status,
 * pay (again), cancel; a delivered order can be reviewed in the member area.
 */
export function OrderActions({ order }: { order: Order }) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const navigate = useNavigate()
  const pay = usePayOrder()
  const cancel = useCancelOrder()
  const [confirming, setConfirming] = useState(false)
  const { tracking_url: trackingUrl, tracking_no: trackingNo, carrier } = order.shipment
  const no = order.no

  const payNow = () =>
    pay.mutate(no, {
      onSuccess: () => void navigate({ to: '/{-$locale}/payment', params: { locale }, search: { order: no } }),
      onError: (error) => toast.error(isApiError(error) ? error.message : t`Oops...Something went wrong`),
    })

  const confirmCancel = () =>
    cancel.mutate(no, {
      onSuccess: () => {
        setConfirming(false)
        toast.success(t`Order ${no} is cancelled.`)
      },
      onError: (error) => toast.error(isApiError(error) ? error.message : t`Oops...Something went wrong`),
    })

  const reviewable = order.order_status === 'COMPLETED'
  if (!order.actions.pay && !order.actions.cancel && !(order.actions.track && trackingUrl) && !reviewable) return null
  const carrierName = carrier?.name ?? ''
  return (
    <div className="order-actions">
      {order.actions.track && trackingUrl ? (
        <p className="order-actions__track">
          <a href={trackingUrl} target="_blank" rel="noopener noreferrer" className="button button-secondary">
            {t`Check delivery status`}
            <ExternalIcon size={16} />
          </a>
          <span className="order-actions__tracking">{t`${carrierName} tracking number: ${trackingNo}`}</span>
        </p>
      ) : null}
      {order.actions.pay ? (
        <button type="button" className="button button-primary" onClick={payNow} disabled={pay.isPending}>
          {order.payment_status === 'FAILED' ? t`Pay again` : t`Pay now`}
        </button>
      ) : null}
      {reviewable ? (
        <Link to="/{-$locale}/user/comment" params={{ locale }} className="button button-secondary" aria-label={t`Review: ${no}`}>
          {t`Review`}
        </Link>
      ) : null}
      {order.actions.cancel ? (
        <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
          {t`Cancel order`}
        </button>
      ) : null}
      <Modal open={confirming} onClose={() => setConfirming(false)} title={t`Cancel this order?`} size="sm">
        <p className="order-cancel__text">
          {order.payment_status === 'SUCCESSED' ? t`Order ${no} will be cancelled and its payment refunded to your card.` : t`Order ${no} will be cancelled.`}
        </p>
        <div className="order-cancel__actions">
          <button type="button" className="button button-secondary" onClick={() => setConfirming(false)} data-autofocus>
            {t`Keep the order`}
          </button>
          <button type="button" className="button button-primary" onClick={confirmCancel} disabled={cancel.isPending}>
            {t`Cancel order`}
          </button>
        </div>
      </Modal>
    </div>
  )
}
