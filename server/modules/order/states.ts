import { trackingUrlOf } from '../../../contract/order'
import { canChangeOrder, canChangePayment, type OrderActor, type OrderStatus } from '../../../contract/order-states'
import type { PaymentStatus } from '../../../contract/payment'
import type { DbOrTx } from '../../db/client'
import type { payments } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { OrderEffects } from '../../core/deps'
import { notify } from '../../core/notify'
import * as repo from './repo'

/**
 * The one place where orders and payments change state. Each change is checked against the tables
 * in contract/order-states.ts (docs/order-states.md), written with a conditional update (`where
 * status = <the state it was read in>`) so that two servers or a retry cannot both make it, and
 * recorded in order_events with its time, actor and reason. Cancelling gives the stock and the
 * coupon back in the same transaction. The member is told (notifications) in the same transaction
 * too: a change that rolls back tells nobody, one that commits is delivered after the commit.
 * Callers lock the order (repo.lockOrder) before changing it or its payment: the lock order of
 * decision 48 (docs/decisions/0048-lock-order-and-transaction-retry.md).
 */

const orderUrl = (no: string) => `/purchase/${no}`

export const orderTransitionRefused = (from: OrderStatus, to: OrderStatus) =>
  new AppError('ORDER_TRANSITION_NOT_ALLOWED', 409, 'This change is not allowed in the order’s current state.', { from: [from], to: [to] })

export const paymentTransitionRefused = (from: PaymentStatus, to: PaymentStatus) =>
  new AppError('PAYMENT_TRANSITION_NOT_ALLOWED', 409, 'This change is not allowed in the payment’s current state.', { from: [from], to: [to] })

export function assertOrderChange(order: Pick<repo.OrderRow, 'status' | 'payment_status' | 'payment_method'>, to: OrderStatus, by: OrderActor) {
  if (!canChangeOrder(order.status, to, by)) throw orderTransitionRefused(order.status, to)
  // cash on pick-up is paid at the store, after the parcel leaves
  if (to === 'TRANSPORTING' && order.payment_status !== 'SUCCESSED' && order.payment_method !== 'cod') {
    throw new AppError('ORDER_TRANSITION_NOT_ALLOWED', 409, 'An order can be shipped only once it is paid.', { from: [order.status], to: [to] })
  }
}

export function assertPaymentChange(payment: Pick<repo.PaymentRow, 'status'>, to: PaymentStatus, by: OrderActor) {
  if (!canChangePayment(payment.status, to, by)) throw paymentTransitionRefused(payment.status, to)
}

interface Change {
  actor: OrderActor
  reason: string | null
  now: Date
}

/** An order's change also tells the rest of the shop when it ends (stock back, coupon released, a referral rewarded). */
interface OrderChange extends Change {
  effects: OrderEffects
}

/** Moves an order to `to`; on CANCEL its stock is released (and `effects.cancelled` runs), on COMPLETED `effects.delivered`. Answers the updated row. */
export async function changeOrder(tx: DbOrTx, order: repo.OrderRow, to: OrderStatus, change: OrderChange, set: Partial<repo.NewOrder> = {}) {
  assertOrderChange(order, to, change.actor)
  const updated = await repo.moveOrder(tx, order, { ...set, status: to, updated_at: change.now, ...(to === 'CANCEL' ? { cancelled_at: change.now, cancel_reason: change.reason } : {}) })
  if (!updated) {
    const now = await repo.orderById(tx, order.id)
    throw orderTransitionRefused(now?.status ?? order.status, to)
  }
  await repo.recordEvents(tx, [{ order_id: order.id, at: change.now, subject: 'order', from_status: order.status, to_status: to, actor: change.actor, reason: change.reason }])
  if (to === 'CANCEL') {
    await change.effects.cancelled(tx, updated, await repo.releaseStock(tx, order.id, change.now), change.now)
  }
  if (to === 'TRANSPORTING') {
    const carrier = updated.carrier ?? undefined
    const tracking = updated.tracking_no ?? undefined
    // a pick-up parcel is told with its store (the chain is its carrier)
    await notify(
      tx,
      {
        userId: updated.user_id,
        type: 'order_shipped',
        payload: { order_no: updated.no, carrier, tracking_no: tracking, tracking_url: trackingUrlOf(carrier, tracking), ...(updated.pickup_store ? { store_name: updated.pickup_store.name } : {}) },
        url: orderUrl(updated.no),
        dedupeKey: `order_shipped:${updated.id}`,
      },
      change.now,
    )
  }
  if (to === 'COMPLETED') {
    await notify(
      tx,
      { userId: updated.user_id, type: 'order_delivered', payload: { order_no: updated.no, ...(updated.pickup_store ? { store_name: updated.pickup_store.name } : {}) }, url: orderUrl(updated.no), dedupeKey: `order_delivered:${updated.id}` },
      change.now,
    )
    await change.effects.delivered(tx, updated, change.now)
  }
  return updated
}

/** Moves a payment to `to` and mirrors it on its order. Answers false when it was no longer in the state it was read in. */
export async function changePayment(tx: DbOrTx, payment: repo.PaymentRow, to: PaymentStatus, change: Change, set: Partial<typeof payments.$inferInsert> = {}) {
  assertPaymentChange(payment, to, change.actor)
  if (!(await repo.movePayment(tx, payment, { ...set, status: to, updated_at: change.now }))) return false
  const order = await repo.updateOrderReturning(tx, payment.order_id, { payment_status: to, updated_at: change.now, ...(to === 'SUCCESSED' ? { paid_at: change.now } : {}) })
  await repo.recordEvents(tx, [{ order_id: payment.order_id, at: change.now, subject: 'payment', from_status: payment.status, to_status: to, actor: change.actor, reason: change.reason }])
  // a payment for an order cancelled meanwhile is refunded, not announced as a purchase; cash paid
  // at the store is told with the parcel's collection (order_delivered), not on its own
  if (to === 'SUCCESSED' && order.status !== 'CANCEL' && change.actor !== 'logistics') {
    await notify(tx, { userId: order.user_id, type: 'order_paid', payload: { order_no: order.no }, url: orderUrl(order.no), dedupeKey: `order_paid:${order.id}` }, change.now)
  }
  if (to === 'FAILED' && order.status === 'PROCESSING') {
    // one per attempt: paying again and failing again is told again
    await notify(tx, { userId: order.user_id, type: 'payment_failed', payload: { order_no: order.no }, url: orderUrl(order.no), dedupeKey: `payment_failed:${payment.id}:${payment.attempts}` }, change.now)
  }
  return true
}
