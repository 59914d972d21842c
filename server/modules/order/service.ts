import { randomInt } from 'node:crypto'
import type { Locale } from '../../../contract/constants'
import type { CarrierCode, Order } from '../../../contract/order'
import { CURRENT_ORDER_STATUSES, PAST_ORDER_STATUSES, type OrderActor } from '../../../contract/order-states'
import type { Paged } from '../../../contract/page'
import { transaction } from '../../db/transaction'
import { AppError, notFound } from '../../lib/errors'
import { applyLookedUp, ensureIntent, reconcile, refundLater, settleRefund } from './payments'
import { orderView, ordersView, taipeiDate } from './present'
import type { PaymentDeps } from '../../core/deps'
import * as repo from './repo'
import { assertOrderChange, changeOrder, changePayment, paymentTransitionRefused } from './states'

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** `261121-7KQ2M9XH`: the day in Taiwan, readable on the phone, and 40 random bits nobody guesses. */
export function newOrderNo(now: Date) {
  let random = ''
  for (let i = 0; i < 8; i++) random += CROCKFORD[randomInt(32)]
  return `${taipeiDate(now).slice(2).replace(/-/g, '')}-${random}`
}

const orderMissing = () => notFound('This order does not exist.')

/** The member's order by number; another member's, or none, is 404. */
export async function ownOrder(deps: Pick<PaymentDeps, 'db'>, userId: number, no: string) {
  const order = await repo.orderOf(deps.db, userId, no)
  if (!order) throw orderMissing()
  return order
}

export async function listOrders(deps: PaymentDeps, userId: number, which: 'current' | 'history', page: number, perPage: number, locale: Locale): Promise<Paged<Order>> {
  const { rows, total } = await repo.pageOf(deps.db, userId, which === 'current' ? CURRENT_ORDER_STATUSES : PAST_ORDER_STATUSES, page, perPage)
  return { data: await ordersView(deps.db, rows, locale), current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) }
}

/** One of the member's orders; an unpaid one is brought up to date with Stripe (late webhooks) and given its intent if it lacks one. */
export async function orderDetail(deps: PaymentDeps, userId: number, no: string, locale: Locale): Promise<Order> {
  const order = await ownOrder(deps, userId, no)
  const payment = await repo.currentPayment(deps.db, order.id)
  if (payment.status === 'PROCESSING' && order.status === 'PROCESSING') {
    if (payment.intent_id) await reconcile(deps, payment)
    else await ensureIntent(deps, order, payment).catch(() => undefined)
  }
  return orderView(deps.db, order.id, locale)
}

/**
 * `POST /ec-order/{no}/pay`: pay again after a FAILED payment. The same PaymentIntent is confirmed
 * again (Stripe's way: one intent can be charged once, so a second attempt can never charge twice);
 * only an intent that can no longer be paid gets a successor under the next attempt's key.
 */
export async function payAgain(deps: PaymentDeps, userId: number, no: string, locale: Locale): Promise<Order> {
  const order = await ownOrder(deps, userId, no)
  let payment = await repo.currentPayment(deps.db, order.id)
  if (order.status !== 'PROCESSING') throw new AppError('PAYMENT_TRANSITION_NOT_ALLOWED', 409, 'This order can no longer be paid.', { order_status: [order.status] })
  if (order.payment_method === 'cod') throw new AppError('PAYMENT_TRANSITION_NOT_ALLOWED', 409, 'This order is paid in cash when its parcel is collected at the store.', { payment_method: ['cod'] })
  if (payment.status === 'SUCCESSED') throw paymentTransitionRefused('SUCCESSED', 'PROCESSING')
  if (payment.status === 'PROCESSING' && payment.intent_id) {
    // The member saw the decline before its webhook arrived here. Recorded now, from Stripe, so the
    // late event cannot fail the attempt the member is about to make (it would take the card form
    // away from under them) and this pay-again counts as one.
    const intent = await deps.gateway.retrieve(payment.intent_id)
    if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
      await applyLookedUp(deps, payment, intent)
      payment = await repo.currentPayment(deps.db, order.id)
    }
  }
  if (payment.status === 'FAILED' && payment.intent_id) {
    const intent = await deps.gateway.retrieve(payment.intent_id)
    if (intent.status === 'succeeded') {
      await applyLookedUp(deps, payment, intent)
      throw paymentTransitionRefused('SUCCESSED', 'PROCESSING')
    }
    const now = deps.clock()
    await transaction(deps.db, async (tx) => {
      const locked = await repo.lockOrder(tx, order.id)
      const current = (await repo.paymentById(tx, payment.id))!
      if (current.status !== 'FAILED' || locked.status !== 'PROCESSING') return
      if (intent.status === 'canceled') {
        await repo.insertPayment(tx, { order_id: order.id, attempt: current.attempt + 1, status: 'PROCESSING', amount: current.amount, attempts: current.attempts + 1, attempt_started_at: now, created_at: now, updated_at: now })
        await repo.updateOrder(tx, order.id, { payment_status: 'PROCESSING', updated_at: now })
        await repo.recordEvents(tx, [{ order_id: order.id, at: now, subject: 'payment', from_status: 'FAILED', to_status: 'PROCESSING', actor: 'member', reason: 'pay again (new payment intent)' }])
      } else {
        await changePayment(tx, current, 'PROCESSING', { actor: 'member', reason: 'pay again', now }, { attempts: current.attempts + 1, attempt_started_at: now, failure_code: null, failure_message: null })
      }
    })
    payment = await repo.currentPayment(deps.db, order.id)
  }
  await ensureIntent(deps, order, payment)
  return orderView(deps.db, order.id, locale)
}

/**
 * Cancels an order for the member or an operator. The order, its stock and coupon change in one
 * transaction; a paid order's refund is marked PENDING there and asked of Stripe after the commit
 * (the sweeper retries it if Stripe is away). An unpaid order's intent is then cancelled at
 * Stripe; if it was paid in the meantime, that payment is refunded like any paid cancellation.
 */
export async function cancelOrder(deps: PaymentDeps, order: repo.OrderRow, actor: Extract<OrderActor, 'member' | 'operator'>, reason: string | null) {
  assertOrderChange(order, 'CANCEL', actor)
  const after = await transaction(deps.db, async (tx) => {
    const locked = await repo.lockOrder(tx, order.id)
    if (locked.status === 'CANCEL') return
    const current = await repo.lockCurrentPayment(tx, order.id)
    await changeOrder(tx, locked, 'CANCEL', { actor, reason, now: deps.clock(), effects: deps.orderEffects })
    if (current.status === 'SUCCESSED') return refundLater(tx, deps, current, actor, reason)
  })
  if (after) await after().catch((error: Error) => deps.logger.warn('refund not confirmed yet; the sweeper retries it', { order: order.no, error: error.message }))
  const payment = await repo.currentPayment(deps.db, order.id)
  if (payment.status !== 'SUCCESSED' && payment.intent_id) {
    const intent = await deps.gateway.cancel(payment.intent_id).catch((error: Error) => {
      deps.logger.warn('payment intent of a cancelled order not cancelled; a payment would be refunded', { order: order.no, error: error.message })
      return undefined
    })
    if (intent?.status === 'succeeded') await applyLookedUp(deps, payment, intent)
  }
}

export async function cancelOwnOrder(deps: PaymentDeps, userId: number, no: string, locale: Locale): Promise<Order> {
  const order = await ownOrder(deps, userId, no)
  if (order.status !== 'CANCEL') await cancelOrder(deps, order, 'member', 'Cancelled by the member.')
  return orderView(deps.db, order.id, locale)
}

// ---- operators (npm run shop) -------------------------------------------------

/** Any order by number (operators); none is 404. */
export async function anyOrder(deps: Pick<PaymentDeps, 'db'>, no: string) {
  const order = await repo.orderOf(deps.db, null, no)
  if (!order) throw orderMissing()
  return order
}

export async function shipOrder(deps: PaymentDeps, no: string, shipment: { tracking: string; carrier: CarrierCode }, reason: string | null) {
  const order = await anyOrder(deps, no)
  await transaction(deps.db, async (tx) => {
    const now = deps.clock()
    await changeOrder(tx, await repo.lockOrder(tx, order.id), 'TRANSPORTING', { actor: 'operator', reason: reason ?? `shipped with ${shipment.carrier} ${shipment.tracking}`, now, effects: deps.orderEffects }, { carrier: shipment.carrier, tracking_no: shipment.tracking, shipped_at: now })
  })
  return orderView(deps.db, order.id, order.locale)
}

export async function completeOrder(deps: PaymentDeps, no: string, reason: string | null) {
  const order = await anyOrder(deps, no)
  await transaction(deps.db, async (tx) => {
    const now = deps.clock()
    // a friend's first delivered order earns the referrer's reward (orderEffects.delivered)
    await changeOrder(tx, await repo.lockOrder(tx, order.id), 'COMPLETED', { actor: 'operator', reason: reason ?? 'delivered', now, effects: deps.orderEffects }, { completed_at: now })
  })
  return orderView(deps.db, order.id, order.locale)
}

export async function cancelByOperator(deps: PaymentDeps, no: string, reason: string) {
  const order = await anyOrder(deps, no)
  await cancelOrder(deps, order, 'operator', reason)
  const payment = await repo.currentPayment(deps.db, order.id)
  if (payment.refund_status === 'PENDING') await settleRefund(deps, payment.id)
  return orderView(deps.db, order.id, order.locale)
}

export const orderEvents = async (deps: PaymentDeps, no: string) => repo.eventsOf(deps.db, (await anyOrder(deps, no)).id)
