import type Stripe from 'stripe'
import type { DbOrTx } from '../../db/client'
import { transaction } from '../../db/transaction'
import { fromStripeAmount, toStripeAmount, type Intent, type StripeEventHandler } from '../../integrations/payments'
import type { PaymentDeps } from '../../core/deps'
import * as repo from './repo'
import { changeOrder, changePayment } from './states'


type AfterCommit = () => Promise<unknown>

/** How long a PROCESSING payment is trusted before a read looks the intent up at Stripe again. */
const RECHECK_MS = 5_000

/**
 * Creates the PaymentIntent of the order's current payment when it has none yet: right after the
 * checkout commits, or on a retry of a checkout that crashed before. The Stripe idempotency key is
 * derived from order and attempt, so however often this runs, one intent exists per attempt.
 */
export async function ensureIntent(deps: PaymentDeps, order: repo.OrderRow, payment: repo.PaymentRow) {
  // cash on pick-up has no card payment to prepare
  if (payment.intent_id || order.status !== 'PROCESSING' || payment.status === 'SUCCESSED' || order.payment_method === 'cod') return payment
  const intent = await deps.gateway.createIntent(order, payment.attempt)
  return repo.setIntent(deps.db, payment.id, intent.id, intent.client_secret!, deps.clock())
}

/** An order locked for the rest of the transaction, and its payment as it stands under that lock. */
interface Locked {
  order: repo.OrderRow
  payment: repo.PaymentRow
}

/**
 * Locks the payment's order, then reads the payment again: its order's lock is taken before an
 * order's payment rows everywhere (decision 48), and whatever changed the payment since it was
 * read (pay again, another event) has committed by then.
 */
async function lockPayment(tx: DbOrTx, found: Pick<repo.PaymentRow, 'id' | 'order_id'>): Promise<Locked> {
  const order = await repo.lockOrder(tx, found.order_id)
  return { order, payment: (await repo.paymentById(tx, found.id))! }
}

/** The payment an intent belongs to, locked: by its id, or by the order number and attempt in its metadata. */
async function paymentFor(tx: DbOrTx, intent: Pick<Intent, 'id' | 'metadata'>, now: Date): Promise<Locked | undefined> {
  const found = (await repo.paymentByIntent(tx, intent.id)) ?? (await paymentByMetadata(tx, intent))
  if (!found) return undefined
  const locked = await lockPayment(tx, found)
  if (locked.payment.intent_id === intent.id) return locked
  if (locked.payment.intent_id !== null) return undefined
  await repo.updatePayment(tx, locked.payment.id, { intent_id: intent.id, updated_at: now })
  return { ...locked, payment: { ...locked.payment, intent_id: intent.id } }
}

async function paymentByMetadata(tx: DbOrTx, intent: Pick<Intent, 'metadata'>) {
  const no = intent.metadata?.order_no
  const attempt = Number(intent.metadata?.attempt)
  if (!no || !Number.isInteger(attempt)) return undefined
  const payment = await repo.paymentByAttempt(tx, no, attempt)
  return payment && !payment.intent_id ? payment : undefined
}

async function markRefundPending(tx: DbOrTx, deps: PaymentDeps, payment: repo.PaymentRow, actor: 'member' | 'operator' | 'system' | 'stripe', reason: string | null): Promise<AfterCommit> {
  const now = deps.clock()
  if (payment.refund_status === null) {
    await repo.updatePayment(tx, payment.id, { refund_status: 'PENDING', updated_at: now })
    await repo.recordEvents(tx, [{ order_id: payment.order_id, at: now, subject: 'refund', from_status: null, to_status: 'PENDING', actor, reason }])
  }
  return () => settleRefund(deps, payment.id)
}

/** The card was charged. A charge for an order cancelled in the meantime is refunded at once. */
async function succeeded(tx: DbOrTx, deps: PaymentDeps, { order, payment }: Locked, intent: Intent): Promise<AfterCommit | void> {
  const now = deps.clock()
  if (payment.status !== 'SUCCESSED') {
    await changePayment(tx, payment, 'SUCCESSED', { actor: 'stripe', reason: null, now }, { failure_code: null, failure_message: null })
  }
  if (intent.amount_received !== toStripeAmount(order.amount)) {
    deps.logger.error('stripe: charged amount differs from the order', { order: order.no, charged: intent.amount_received, expected: toStripeAmount(order.amount) })
  }
  if (order.status === 'CANCEL') return markRefundPending(tx, deps, payment, 'system', 'Paid after the order was cancelled.')
}

/** A declined card: counts only against the attempt the member is on (not a late event of an earlier one). */
async function failed(tx: DbOrTx, deps: PaymentDeps, payment: repo.PaymentRow, error: Intent['last_payment_error'], failedAt: Date) {
  if (payment.status !== 'PROCESSING') return
  // Stripe's times are whole seconds
  if (failedAt.getTime() < Math.floor(payment.attempt_started_at.getTime() / 1000) * 1000) return
  // the decline already recorded before the member paid again, reported late (in the same second as the new attempt)
  const charge = typeof error?.charge === 'string' ? error.charge : null
  if (charge !== null && charge === payment.failed_charge_id) return
  await changePayment(
    tx,
    payment,
    'FAILED',
    { actor: 'stripe', reason: error?.decline_code ?? error?.code ?? null, now: deps.clock() },
    // the charge is remembered, so that its event arriving after 'pay again' is known for what it is
    { failure_code: error?.decline_code ?? error?.code ?? 'card_declined', failure_message: error?.message ?? null, failed_charge_id: charge },
  )
}

/** The intent was cancelled (expiry, the member, or in Stripe's dashboard): an unpaid order is cancelled with it. */
async function canceled(tx: DbOrTx, deps: PaymentDeps, order: repo.OrderRow) {
  if (order.status !== 'PROCESSING' || order.payment_status === 'SUCCESSED') return
  const now = deps.clock()
  await changeOrder(tx, order, 'CANCEL', { actor: 'system', reason: order.payment_due_at <= now ? 'Not paid in time.' : 'The payment was cancelled.', now, effects: deps.orderEffects })
}

async function refunded(tx: DbOrTx, deps: PaymentDeps, payment: repo.PaymentRow, amountRefunded: number) {
  const now = deps.clock()
  if (amountRefunded < payment.amount) return repo.updatePayment(tx, payment.id, { refunded_amount: amountRefunded, updated_at: now })
  if (await repo.markRefunded(tx, payment.id, amountRefunded, now)) {
    await repo.recordEvents(tx, [{ order_id: payment.order_id, at: now, subject: 'refund', from_status: payment.refund_status, to_status: 'REFUNDED', actor: 'stripe', reason: null }])
  }
}

/** Applies an intent's state as found at Stripe (a lookup, not an event). */
async function applyIntent(tx: DbOrTx, deps: PaymentDeps, locked: Locked, intent: Intent) {
  if (intent.status === 'succeeded') return succeeded(tx, deps, locked, intent)
  if (intent.status === 'canceled') return canceled(tx, deps, locked.order)
  const charge = intent.latest_charge
  if (intent.status === 'requires_payment_method' && intent.last_payment_error && charge && typeof charge === 'object') {
    return failed(tx, deps, locked.payment, intent.last_payment_error, new Date(charge.created * 1000))
  }
}

/** What Stripe's events do to orders; handled once per event id by the webhook route. */
export function stripeEventHandler(deps: PaymentDeps): StripeEventHandler {
  return async (tx, event) => {
    const now = deps.clock()
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
      case 'payment_intent.canceled': {
        const intent = event.data.object as Intent
        const locked = await paymentFor(tx, intent, now)
        if (!locked) return deps.logger.warn('stripe webhook: no order for this intent', { event: event.id, intent: intent.id })
        if (event.type === 'payment_intent.succeeded') return succeeded(tx, deps, locked, intent)
        if (event.type === 'payment_intent.payment_failed') return failed(tx, deps, locked.payment, intent.last_payment_error, new Date(event.created * 1000))
        return canceled(tx, deps, locked.order)
      }
      case 'charge.refunded': {
        const charge = event.data.object as Stripe.Charge
        const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id
        const found = intentId ? await repo.paymentByIntent(tx, intentId) : undefined
        if (found) await refunded(tx, deps, (await lockPayment(tx, found)).payment, fromStripeAmount(charge.amount_refunded))
        return
      }
      default:
        return
    }
  }
}

/**
 * A payment still PROCESSING when its order is read may have been decided while its webhook is
 * late or lost: look the intent up (at most every few seconds per payment) and apply what it says.
 */
export async function reconcile(deps: PaymentDeps, payment: repo.PaymentRow) {
  const now = deps.clock()
  if (payment.status !== 'PROCESSING' || !payment.intent_id) return false
  if (payment.checked_at && now.getTime() - payment.checked_at.getTime() < RECHECK_MS) return false
  let intent: Intent
  try {
    intent = await deps.gateway.retrieve(payment.intent_id)
  } catch {
    return false
  }
  const after = await transaction(deps.db, async (tx) => {
    const locked = await lockPayment(tx, payment)
    await repo.updatePayment(tx, payment.id, { checked_at: now })
    return applyIntent(tx, deps, locked, intent)
  })
  if (after) await after().catch(() => undefined)
  return intent.status !== 'processing' && intent.status !== 'requires_payment_method'
}

/** Applies the state of an intent just cancelled or looked up by the shop itself (cancel, expiry). */
export async function applyLookedUp(deps: PaymentDeps, payment: repo.PaymentRow, intent: Intent) {
  const after = await transaction(deps.db, async (tx) => applyIntent(tx, deps, await lockPayment(tx, payment), intent))
  if (after) await after()
}

/** Marks a paid payment for refund inside the transaction that cancels its order. */
export const refundLater = (tx: DbOrTx, deps: PaymentDeps, payment: repo.PaymentRow, actor: 'member' | 'operator' | 'system', reason: string | null) =>
  markRefundPending(tx, deps, payment, actor, reason)

/** Asks Stripe for the refund of a payment marked PENDING; a retry gets the same refund (keyed by intent). */
export async function settleRefund(deps: PaymentDeps, paymentId: number) {
  const payment = await repo.paymentById(deps.db, paymentId)
  if (!payment || payment.refund_status !== 'PENDING' || !payment.intent_id) return
  const order = (await repo.orderById(deps.db, payment.order_id))!
  const result = await deps.gateway.refund(payment.intent_id, order.no)
  await transaction(deps.db, async (tx) => {
    await repo.lockOrder(tx, payment.order_id)
    const now = deps.clock()
    const amount = result === 'already refunded' ? payment.amount : fromStripeAmount(result.amount)
    if (await repo.markRefunded(tx, payment.id, amount, now)) {
      await repo.recordEvents(tx, [{ order_id: payment.order_id, at: now, subject: 'refund', from_status: 'PENDING', to_status: 'REFUNDED', actor: 'stripe', reason: null }])
    }
  })
}
