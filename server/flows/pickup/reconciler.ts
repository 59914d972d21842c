import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import { PICKUP_REMINDER_DAYS } from '../../../contract/logistics'
import { notify } from '../../core/notify'
import { orders } from '../../db/schema'
import { transaction } from '../../db/transaction'
import { Periodic } from '../../lib/periodic'
import { oncePerPeriod } from '../../core/periods'
import * as repo from '../../modules/order/repo'
import { applyParcelStatus, type PickupDeps } from './parcel'

const BATCH = 20
const DAY_MS = 86_400_000

/**
 * Background upkeep of pick-up parcels, safe on several servers (each change is conditional, each
 * status recorded once): every few minutes, the parcels on their way that were not checked for
 * `checkMs` are looked up with ECPay's query API and the status found is applied as a report would
 * be (reports lost or stalled are caught up); and shoppers whose parcel waits at the store are
 * reminded PICKUP_REMINDER_DAYS before the last day to collect it.
 */
export class ParcelReconciler {
  private readonly periodic: Periodic

  constructor(
    private readonly deps: PickupDeps,
    private readonly checkMs = deps.config.logisticsReconcileMs,
    intervalMs = Math.min(60_000, Math.max(1_000, checkMs / 5)),
  ) {
    // once per period across servers (decision 78)
    this.periodic = new Periodic(intervalMs, () => this.sweep(), (error) => this.deps.logger.warn('parcel reconciliation failed', { error: error.message }), {
      once: oncePerPeriod('parcel-reconcile', deps),
    })
  }

  start() {
    this.periodic.start()
  }

  stop() {
    return this.periodic.stop()
  }

  /** One pass: answers how many parcels were asked about, how many statuses were new, and how many shoppers reminded. */
  async sweep(now = this.deps.clock()) {
    const { db } = this.deps
    // not asked about within checkMs: listed, and claimed, under the same condition
    const unchecked = or(isNull(orders.logistics_checked_at), lte(orders.logistics_checked_at, new Date(now.getTime() - this.checkMs)))
    const due = await db
      .select({ id: orders.id, logistics_id: orders.logistics_id })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'TRANSPORTING'),
          isNotNull(orders.logistics_id),
          unchecked,
        ),
      )
      .orderBy(sql`${orders.logistics_checked_at} asc nulls first`)
      .limit(BATCH)
    let checked = 0
    let changed = 0
    for (const parcel of due) {
      // claimed first: another server passing now skips it
      const [claimed] = await db
        .update(orders)
        .set({ logistics_checked_at: now })
        .where(and(eq(orders.id, parcel.id), unchecked))
        .returning({ id: orders.id })
      if (!claimed) continue
      try {
        const { status } = await this.deps.logistics.query({ logisticsId: parcel.logistics_id! })
        checked++
        if ((await applyParcelStatus(this.deps, { logisticsId: parcel.logistics_id!, code: status, source: 'query' })) === 'applied') changed++
      } catch (error) {
        this.deps.logger.warn('parcel status not found out; asked again later', { parcel: parcel.logistics_id, error: (error as Error).message })
      }
    }
    const reminded = await this.remind(now)
    return { checked, changed, reminded }
  }

  private async remind(now: Date) {
    const { db } = this.deps
    const waiting = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, 'TRANSPORTING'),
          eq(orders.parcel, 'arrived'),
          isNull(orders.collect_reminded_at),
          lte(orders.collect_by, new Date(now.getTime() + PICKUP_REMINDER_DAYS * DAY_MS)),
        ),
      )
      .orderBy(asc(orders.collect_by))
      .limit(BATCH)
    let reminded = 0
    for (const order of waiting) {
      const written = await transaction(db, async (tx) => {
        const locked = await repo.lockOrder(tx, order.id)
        if (locked.status !== 'TRANSPORTING' || locked.parcel !== 'arrived' || locked.collect_reminded_at) return false
        await tx.update(orders).set({ collect_reminded_at: now }).where(eq(orders.id, order.id))
        const cash = locked.payment_method === 'cod' && locked.payment_status !== 'SUCCESSED' ? { cash: locked.amount } : {}
        await notify(
          tx,
          {
            userId: locked.user_id,
            type: 'pickup_reminder',
            payload: { order_no: locked.no, store_name: locked.pickup_store!.name, collect_by: locked.collect_by!.toISOString(), ...cash },
            url: `/purchase/${locked.no}`,
            dedupeKey: `pickup_reminder:${locked.id}:${locked.pickup_store!.id}`,
          },
          now,
        )
        return true
      })
      if (written) reminded++
    }
    return reminded
  }
}
