import type { PaymentStatus } from './payment'

/** An order's state (docs/order-states.md): PROCESSING -> TRANSPORTING -> COMPLETED, or CANCEL. */
export const ORDER_STATUSES = ['PROCESSING', 'TRANSPORTING', 'COMPLETED', 'CANCEL'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** `GET /ec-order` lists these; `GET /ec-order/history` the others. */
export const CURRENT_ORDER_STATUSES = ['PROCESSING', 'TRANSPORTING'] as const satisfies readonly OrderStatus[]
export const PAST_ORDER_STATUSES = ['COMPLETED', 'CANCEL'] as const satisfies readonly OrderStatus[]

/** Who causes a change: the member, an operator (`npm run shop`), the shop itself (expiry), Stripe (webhooks), or the convenience store's chain (ECPay's status reports). */
export const ORDER_ACTORS = ['member', 'operator', 'system', 'stripe', 'logistics'] as const
export type OrderActor = (typeof ORDER_ACTORS)[number]

/** Refund of a paid order that was cancelled: asked of Stripe (PENDING), then done (REFUNDED). */
export const REFUND_STATUSES = ['PENDING', 'REFUNDED'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]

export interface Transition<S extends string> {
  from: S
  to: S
  by: readonly OrderActor[]
  /** the condition, in words, as docs/order-states.md states it */
  when: string
}

/** Every allowed change of an order's state; anything else is refused (409 ORDER_TRANSITION_NOT_ALLOWED). */
export const ORDER_TRANSITIONS: readonly Transition<OrderStatus>[] = [
  { from: 'PROCESSING', to: 'TRANSPORTING', by: ['operator'], when: 'the payment has SUCCESSED (or is cash on pick-up); with a tracking number, or the pick-up shipment ECPay created' },
  { from: 'TRANSPORTING', to: 'COMPLETED', by: ['operator'], when: 'the parcel was delivered' },
  { from: 'TRANSPORTING', to: 'COMPLETED', by: ['logistics'], when: 'the parcel was collected at the store' },
  { from: 'PROCESSING', to: 'CANCEL', by: ['member', 'operator'], when: 'not shipped yet; a paid order is refunded' },
  { from: 'PROCESSING', to: 'CANCEL', by: ['system'], when: 'unpaid after ORDER_PAYMENT_MINUTES, or its PaymentIntent was canceled' },
  { from: 'TRANSPORTING', to: 'CANCEL', by: ['operator'], when: 'the parcel cannot be delivered; the payment is refunded' },
  { from: 'TRANSPORTING', to: 'CANCEL', by: ['logistics'], when: 'the parcel was not collected in time, or its store closed for good (FamilyMart, Hi-Life); stock back, a card payment refunded' },
]

/** Every allowed change of a payment's state; anything else is refused (409 PAYMENT_TRANSITION_NOT_ALLOWED). */
export const PAYMENT_TRANSITIONS: readonly Transition<PaymentStatus>[] = [
  { from: 'PROCESSING', to: 'SUCCESSED', by: ['stripe'], when: 'payment_intent.succeeded, or the intent found succeeded' },
  { from: 'PROCESSING', to: 'SUCCESSED', by: ['logistics'], when: 'cash on pick-up: the parcel was collected and paid at the store' },
  { from: 'PROCESSING', to: 'FAILED', by: ['stripe'], when: 'payment_intent.payment_failed for the current attempt' },
  { from: 'FAILED', to: 'PROCESSING', by: ['member'], when: "'pay again' while the order is PROCESSING" },
  { from: 'FAILED', to: 'SUCCESSED', by: ['stripe'], when: 'the card was charged after all (a later confirmation)' },
]

export const canChangeOrder = (from: OrderStatus, to: OrderStatus, by: OrderActor) => ORDER_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by.includes(by))
export const canChangePayment = (from: PaymentStatus, to: PaymentStatus, by: OrderActor) => PAYMENT_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by.includes(by))
