import { and, eq, isNull } from 'drizzle-orm'
import { orders as ordersTable } from '../../db/schema'
import { transaction } from '../../db/transaction'
import { notify } from '../../core/notify'
import type { PaymentDeps } from '../../core/deps'
import * as repo from './repo'
import { applyLookedUp, settleRefund } from './payments'
import { changeOrder } from './states'
import { Periodic } from '../../lib/periodic'
import { oncePerPeriod } from '../../core/periods'

const BATCH = 50
/**
 * A member is reminded this long before an unpaid order is cancelled: as long as a push service
 * keeps the reminder for an offline phone (its TTL, 600 s in integrations/push.ts), so a reminder
 * that arrives late still arrives before the order is gone. With the default 15 minutes to pay it
 * comes 5 minutes after the order (decision 61).
 */
export const REMINDER_LEAD_MS = 10 * 60_000

/**
 * ...and never in the first third of the time to pay, while the shopper is still at the card form:
 * a hold shorter than 15 minutes is reminded of after its first third, with two thirds left to pay.
 */
export const reminderLead = (paymentMs: number) => Math.min(REMINDER_LEAD_MS, Math.floor((paymentMs * 2) / 3))

/**
 * Background upkeep of orders, safe on several servers at once (every change is a conditional
 * update): unpaid orders past ORDER_PAYMENT_MINUTES have their intent cancelled at Stripe and are
 * cancelled, giving back stock and coupon (an intent found paid instead marks the order paid);
 * refunds that Stripe did not confirm are asked again; members are reminded 10 minutes before an
 * unpaid order is cancelled (reminderLead).
 */
export class OrderSweeper {
  private readonly periodic: Periodic

  constructor(
    private readonly deps: PaymentDeps,
    intervalMs = Math.min(30_000, Math.max(1_000, deps.config.orders.paymentMs / 4)),
  ) {
    // once per period across servers (decision 78)
    this.periodic = new Periodic(intervalMs, () => this.sweep(), (error) => this.deps.logger.warn('order sweep failed', { error: error.message }), {
      once: oncePerPeriod('order-sweep', deps),
    })
  }

  start() {
    this.periodic.start()
  }

  stop() {
    return this.periodic.stop()
  }

  /** One pass; answers how many members were reminded, orders expired and refunds settled. */
  async sweep(now = this.deps.clock()) {
    let reminded = 0
    const lead = reminderLead(this.deps.config.orders.paymentMs)
    for (const order of await repo.ordersToRemind(this.deps.db, now, lead, BATCH)) {
      const written = await transaction(this.deps.db, async (tx) => {
        // paid or cancelled since it was listed: no reminder
        const locked = await repo.lockOrder(tx, order.id)
        if (locked.status !== 'PROCESSING' || locked.payment_status === 'SUCCESSED') return undefined
        return notify(
          tx,
          { userId: order.user_id, type: 'payment_reminder', payload: { order_no: order.no, pay_before: order.payment_due_at.toISOString() }, url: `/purchase/${order.no}`, dedupeKey: `payment_reminder:${order.id}` },
          now,
        )
      })
      if (written) reminded++
    }
    const invited = await this.inviteReviews(now)
    let expired = 0
    for (const order of await repo.overdueOrders(this.deps.db, now, BATCH)) {
      try {
        if (await this.expire(order, now)) expired++
      } catch (error) {
        this.deps.logger.warn('order expiry postponed', { order: order.no, error: (error as Error).message })
      }
    }
    let refunded = 0
    for (const { payment } of await repo.pendingRefunds(this.deps.db, BATCH)) {
      try {
        await settleRefund(this.deps, payment.id)
        refunded++
      } catch (error) {
        this.deps.logger.warn('refund postponed', { payment: payment.id, error: (error as Error).message })
      }
    }
    return { reminded, invited, expired, refunded }
  }

  /**
   * REVIEW_INVITE_DAYS after delivery: a notification (unless the member switched the kind off),
   * which the notification outbox also mails, linking to the products to review (decision 57). The
   * notification's dedupe key makes it once per order, the mail included.
   */
  private async inviteReviews(now: Date) {
    let invited = 0
    for (const { order } of await repo.ordersToInvite(this.deps.db, now, this.deps.config.reviews.inviteMs, BATCH)) {
      const written = await transaction(this.deps.db, async (tx) => {
        // marked whatever the member chose, so the order is not looked at again
        const [claimed] = await tx.update(ordersTable).set({ review_invited_at: now }).where(and(eq(ordersTable.id, order.id), isNull(ordersTable.review_invited_at))).returning({ id: ordersTable.id })
        if (!claimed) return undefined
        return notify(tx, { userId: order.user_id, type: 'review_invite', payload: { order_no: order.no }, url: '/user/comment', dedupeKey: `review_invite:${order.id}` }, now)
      })
      if (written) invited++
    }
    return invited
  }

  private async expire(order: repo.OrderRow, now: Date) {
    const payment = await repo.currentPayment(this.deps.db, order.id)
    if (payment.intent_id) {
      const intent = await this.deps.gateway.cancel(payment.intent_id)
      if (intent.status === 'succeeded') {
        await applyLookedUp(this.deps, payment, intent)
        return false
      }
    }
    return transaction(this.deps.db, async (tx) => {
      const locked = await repo.lockOrder(tx, order.id)
      if (locked.status !== 'PROCESSING' || locked.payment_status === 'SUCCESSED' || locked.payment_due_at > now) return false
      await changeOrder(tx, locked, 'CANCEL', { actor: 'system', reason: 'Not paid in time.', now: this.deps.clock(), effects: this.deps.orderEffects })
      return true
    })
  }
}
