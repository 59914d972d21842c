import { eq } from 'drizzle-orm'
import { PICKUP_DAYS, type ParcelState } from '../../../contract/logistics'
import type { Locale } from '../../../contract/constants'
import type { Order } from '../../../contract/order'
import type { PaymentDeps } from '../../core/deps'
import { notify } from '../../core/notify'
import type { DbOrTx } from '../../db/client'
import { logisticsReports, orders } from '../../db/schema'
import { transaction } from '../../db/transaction'
import type { LogisticsClient } from '../../integrations/logistics'
import { LogisticsRefusal } from '../../integrations/logistics'
import { stepOf, type ParcelStep } from '../../lib/ecpay-statuses'
import { AppError, validationFailed } from '../../lib/errors'
import { pickupStoreFor } from '../../modules/logistics/service'
import { refundLater } from '../../modules/order/payments'
import { orderView } from '../../modules/order/present'
import * as repo from '../../modules/order/repo'
import { anyOrder, ownOrder } from '../../modules/order/service'
import { assertOrderChange, changeOrder, changePayment } from '../../modules/order/states'

/**
 * A pick-up order's parcel (decision 76): the shipment ECPay creates when the operator ships it,
 * the statuses ECPay reports (or the reconciliation finds) applied to the order once each, and
 * another store for a parcel whose 7-ELEVEN store closed.
 */
export interface PickupDeps extends PaymentDeps {
  logistics: LogisticsClient
}

/** The shop's MerchantTradeNo of an order's shipment: its number without the dash (14 letters and digits). */
export const shipmentTradeNo = (orderNo: string) => orderNo.replace('-', '')

/** What ECPay's goods name may not hold (``^'`!@#%&*+"<>|_[]``), and its 50 characters. */
const goodsName = (units: number) => `日本零食伴手禮 ${units} 件`

const TAIPEI_MS = 8 * 3_600_000

/** The end of the PICKUP_DAYS-th day after `at` in Taiwan: the last moment to collect the parcel. */
export function collectBy(at: Date) {
  const taipei = new Date(at.getTime() + TAIPEI_MS)
  const endOfDay = Date.UTC(taipei.getUTCFullYear(), taipei.getUTCMonth(), taipei.getUTCDate() + PICKUP_DAYS, 23, 59, 59)
  return new Date(endOfDay - TAIPEI_MS)
}

/** ECPay's dates (`yyyy/MM/dd HH:mm:ss`) are Taiwan time; undefined when not one. */
export function ecpayTime(text: string | undefined | null): Date | undefined {
  const m = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '')
  if (!m) return undefined
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number]
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s) - TAIPEI_MS)
}

/** ECPay refused a call: the operator reads ECPay's own message. */
const refusedBy = (error: unknown) => {
  if (!(error instanceof LogisticsRefusal)) return error
  return new AppError('LOGISTICS_REFUSED', 409, 'The convenience-store delivery service refused this shipment.', { ecpay: [error.message] })
}

/**
 * `order:ship` for a pick-up order: ECPay's shipment to the store is created (its number is the
 * parcel's tracking number), then the order moves to TRANSPORTING. Cash on pick-up ships unpaid.
 * A retry after a crash between the two finds the shipment by its MerchantTradeNo (ECPay refuses
 * a second one under it) instead of creating another.
 */
export async function shipPickupOrder(deps: PickupDeps, no: string, reason: string | null): Promise<Order> {
  const order = await anyOrder(deps, no)
  assertOrderChange(order, 'TRANSPORTING', 'operator')
  const store = order.pickup_store!
  const now = deps.clock()
  const lines = await repo.linesOf(deps.db, [order.id])
  const units = (lines.get(order.id) ?? []).reduce((sum, line) => sum + line.quantity, 0)
  const tradeNo = shipmentTradeNo(order.no)
  let shipment: { logisticsId: string; paymentNo: string; validationNo: string }
  try {
    shipment = await deps.logistics.createShipment({
      tradeNo,
      chain: store.chain,
      storeId: store.id,
      goodsAmount: order.amount,
      collect: order.payment_method === 'cod' ? order.amount : 0,
      goodsName: goodsName(units),
      receiverName: order.recipient.name,
      receiverCellPhone: order.recipient.phone,
      at: now,
    })
  } catch (error) {
    if (!(error instanceof LogisticsRefusal) || !/duplicate/i.test(error.message)) throw refusedBy(error)
    const found = await deps.logistics.query({ tradeNo })
    shipment = { logisticsId: found.fields.AllPayLogisticsID!, paymentNo: found.fields.ShipmentNo ?? '', validationNo: found.fields.CVSValidationNo ?? '' }
  }
  await transaction(deps.db, async (tx) => {
    const locked = await repo.lockOrder(tx, order.id)
    await changeOrder(
      tx,
      locked,
      'TRANSPORTING',
      { actor: 'operator', reason: reason ?? `shipped to ${store.chain} ${store.id} (ECPay ${shipment.logisticsId})`, now, effects: deps.orderEffects },
      {
        carrier: store.chain,
        // the number the store knows the parcel by; 7-ELEVEN's is its payment and validation numbers together
        tracking_no: `${shipment.paymentNo}${shipment.validationNo}` || shipment.logisticsId,
        logistics_id: shipment.logisticsId,
        parcel: 'created',
        shipped_at: now,
        logistics_checked_at: now,
      },
    )
  })
  return orderView(deps.db, order.id, order.locale)
}

/** How far along each state is: a report of an earlier state, arriving late, does not move the parcel back. */
const RANK: Record<ParcelState, number> = { created: 0, in_transit: 1, store_closed: 2, store_changed: 3, arrived: 4, picked_up: 5, returned: 5 }
const STATE_OF: Record<ParcelStep, ParcelState> = {
  uploaded: 'created',
  shipped: 'in_transit',
  arrived: 'arrived',
  picked_up: 'picked_up',
  not_picked_up: 'returned',
  store_closed: 'store_closed',
  store_changed: 'store_changed',
}

export interface StatusReport {
  logisticsId: string
  code: number
  /** ECPay's UpdateStatusDate (Taiwan time) */
  statusDate?: string
  source: 'report' | 'query'
}

export type ReportOutcome = 'applied' | 'replayed' | 'unknown shipment' | 'recorded'

/**
 * One status of a parcel, as ECPay reported it (or the query found it): recorded once per
 * shipment and code (a report sent again changes nothing), and applied to the order unless the
 * parcel is further along already. Arrived: the last day to collect, and the shopper told.
 * Collected: cash on pick-up is paid, the order completed. Not collected: the order cancelled,
 * the stock back, a card payment refunded. Store closed: 7-ELEVEN's shopper chooses another store;
 * FamilyMart's and Hi-Life's parcels go back, and the order is cancelled as for a parcel not collected.
 */
export async function applyParcelStatus(deps: PaymentDeps, report: StatusReport): Promise<ReportOutcome> {
  const { outcome, after } = await transaction(deps.db, async (tx) => {
    const [found] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.logistics_id, report.logisticsId))
    if (!found) return { outcome: 'unknown shipment' as const }
    const order = await repo.lockOrder(tx, found.id)
    const now = deps.clock()
    const [recorded] = await tx
      .insert(logisticsReports)
      .values({ order_id: order.id, logistics_id: report.logisticsId, rtn_code: report.code, status_date: report.statusDate ?? null, source: report.source, received_at: now })
      .onConflictDoNothing()
      .returning({ id: logisticsReports.id })
    if (!recorded) return { outcome: 'replayed' as const }
    const step = stepOf(order.pickup_store!.chain, report.code)
    if (!step) return { outcome: 'recorded' as const }
    const state = STATE_OF[step]
    // a closed store changed comes after its closing, whatever their ranks in time
    if (order.parcel && RANK[state] <= RANK[order.parcel] && !(order.parcel === 'store_closed' && state === 'store_changed')) return { outcome: 'recorded' as const }
    if (order.status !== 'TRANSPORTING') return { outcome: 'recorded' as const }
    const at = ecpayTime(report.statusDate) ?? now
    await repo.recordEvents(tx, [{ order_id: order.id, at: now, subject: 'shipment', from_status: order.parcel, to_status: state, actor: 'logistics', reason: `ECPay ${report.code}` }])
    const after = await applyState(tx, deps, order, state, at, now)
    return { outcome: 'applied' as const, after }
  })
  if (after) await after().catch((error: Error) => deps.logger.warn('refund not confirmed yet; the sweeper retries it', { error: error.message }))
  return outcome
}

const store = (order: repo.OrderRow) => order.pickup_store!
const url = (order: repo.OrderRow) => `/purchase/${order.no}`

async function applyState(tx: DbOrTx, deps: PaymentDeps, order: repo.OrderRow, state: ParcelState, at: Date, now: Date) {
  const set = (values: Partial<repo.NewOrder>) => tx.update(orders).set({ ...values, parcel: state, updated_at: now }).where(eq(orders.id, order.id))
  const cash = order.payment_method === 'cod' && order.payment_status !== 'SUCCESSED' ? { cash: order.amount } : {}
  switch (state) {
    case 'arrived': {
      const by = collectBy(at)
      await set({ collect_by: by, collect_reminded_at: null })
      await notify(tx, { userId: order.user_id, type: 'parcel_arrived', payload: { order_no: order.no, store_name: store(order).name, collect_by: by.toISOString(), ...cash }, url: url(order), dedupeKey: `parcel_arrived:${order.id}:${store(order).id}` }, now)
      return
    }
    case 'picked_up': {
      await set({})
      if (order.payment_method === 'cod') {
        const payment = await repo.lockCurrentPayment(tx, order.id)
        if (payment.status === 'PROCESSING') await changePayment(tx, payment, 'SUCCESSED', { actor: 'logistics', reason: 'cash paid at the store', now })
      }
      await changeOrder(tx, (await repo.orderById(tx, order.id))!, 'COMPLETED', { actor: 'logistics', reason: 'collected at the store', now, effects: deps.orderEffects }, { completed_at: at })
      return
    }
    case 'returned':
      await set({})
      await notify(tx, { userId: order.user_id, type: 'parcel_returned', payload: { order_no: order.no, store_name: store(order).name }, url: url(order), dedupeKey: `parcel_returned:${order.id}` }, now)
      return cancelReturned(tx, deps, order, 'Not collected at the store.', now)
    case 'store_closed': {
      await set({})
      const returned = store(order).chain !== 'UNIMART'
      await notify(tx, { userId: order.user_id, type: 'pickup_store_closed', payload: { order_no: order.no, store_name: store(order).name, returned }, url: url(order), dedupeKey: `pickup_store_closed:${order.id}:${store(order).id}` }, now)
      if (returned) return cancelReturned(tx, deps, order, 'The pick-up store closed; the parcel goes back to the shop.', now)
      return
    }
    default:
      await set({})
  }
}

/** A parcel on its way back: the order is cancelled (stock back), and a card payment refunded after the commit. */
async function cancelReturned(tx: DbOrTx, deps: PaymentDeps, order: repo.OrderRow, reason: string, now: Date) {
  await changeOrder(tx, (await repo.orderById(tx, order.id))!, 'CANCEL', { actor: 'logistics', reason, now, effects: deps.orderEffects })
  const payment = await repo.lockCurrentPayment(tx, order.id)
  if (payment.status === 'SUCCESSED') return refundLater(tx, deps, payment, 'system', reason)
}

/**
 * `POST /ec-order/{no}/pickup-store`: the store the shopper picked on the map for a parcel whose
 * 7-ELEVEN store closed. ECPay is told (UpdateShipmentInfo), then the order's store changes.
 */
export async function changePickupStore(deps: PickupDeps, userId: number, no: string, tradeNo: string, locale: Locale): Promise<Order> {
  const order = await ownOrder(deps, userId, no)
  if (!order.pickup_store || order.parcel !== 'store_closed' || order.pickup_store.chain !== 'UNIMART' || order.status !== 'TRANSPORTING' || !order.logistics_id) {
    throw new AppError('ORDER_TRANSITION_NOT_ALLOWED', 409, 'The pick-up store of this order cannot be changed now.')
  }
  const now = deps.clock()
  const next = await pickupStoreFor(deps.db, userId, { store_pick: tradeNo }, order.payment_method === 'cod', now, order.no)
  if (next.chain !== order.pickup_store.chain) throw validationFailed({ store_pick: ['Please choose the store again.'] })
  try {
    await deps.logistics.changeStore(order.logistics_id, next.id)
  } catch (error) {
    throw refusedBy(error)
  }
  await transaction(deps.db, async (tx) => {
    const locked = await repo.lockOrder(tx, order.id)
    if (locked.parcel !== 'store_closed') return
    await tx.update(orders).set({ pickup_store: next, parcel: 'store_changed', updated_at: now }).where(eq(orders.id, order.id))
    await repo.recordEvents(tx, [{ order_id: order.id, at: now, subject: 'shipment', from_status: 'store_closed', to_status: 'store_changed', actor: 'member', reason: `${next.chain} ${next.id}` }])
  })
  return orderView(deps.db, order.id, locale)
}

/**
 * The sandbox's operator control (`npm run shop -- parcel:advance`): the parcel moves on one step,
 * and the sandbox reports each of the chain's codes for it to the shop, as ECPay does. Answers the
 * order once the sandbox's reports of it were delivered (or after a few seconds).
 */
export async function advanceParcel(deps: PickupDeps & { sandboxIdle?: (ms: number) => Promise<unknown> }, no: string, step: string): Promise<Order> {
  const order = await anyOrder(deps, no)
  if (!order.logistics_id) throw new AppError('ORDER_TRANSITION_NOT_ALLOWED', 409, 'This order has no pick-up parcel on its way.')
  try {
    await deps.logistics.advance(order.logistics_id, step)
  } catch (error) {
    throw refusedBy(error)
  }
  await deps.sandboxIdle?.(5_000)
  return orderView(deps.db, order.id, order.locale)
}
