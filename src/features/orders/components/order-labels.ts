import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { OrderStatus, RefundStatus } from '../../../../contract/order-states'
import type { PaymentStatus } from '../../../../contract/payment'
import type { ParcelState } from '../../../../contract/logistics'

export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  PROCESSING: msg`Processing`,
  TRANSPORTING: msg`On its way`,
  COMPLETED: msg`Delivered`,
  CANCEL: msg`Cancelled`,
}

/** PROCESSING is shown as unpaid (spec section 4). */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, MessageDescriptor> = {
  PROCESSING: msg`Unpaid`,
  SUCCESSED: msg`Paid`,
  FAILED: msg`Payment failed`,
}

/** An unpaid cash-on-pick-up order's payment. */
export const CASH_ON_PICKUP_LABEL = msg`Cash on pick-up`

/** Where a pick-up parcel is (contract/logistics PARCEL_STATES), for the order page's steps. */
export const PARCEL_LABELS: Record<ParcelState, MessageDescriptor> = {
  created: msg`Handed to the store chain`,
  in_transit: msg`At the logistics centre`,
  store_closed: msg`The store has closed`,
  store_changed: msg`On its way to the new store`,
  arrived: msg`At the store`,
  picked_up: msg`Collected`,
  returned: msg`Not collected: sent back`,
}

/** A cancelled order's payment: the refund, not the payment, is what the member needs to know. */
export const REFUND_STATUS_LABELS: Record<RefundStatus, MessageDescriptor> = {
  PENDING: msg`Refund in progress`,
  REFUNDED: msg`Refunded`,
}

/** Why a card payment failed, by Stripe's decline code. */
export const declineMessage = (code: string | null): MessageDescriptor => {
  switch (code) {
    case 'insufficient_funds':
      return msg`Your card has insufficient funds.`
    case 'generic_decline':
    case 'card_declined':
      return msg`Your card was declined.`
    case 'expired_card':
      return msg`Your card has expired.`
    default:
      return msg`The card payment did not go through.`
  }
}
