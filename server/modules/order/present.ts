import type { Locale } from '../../../contract/constants'
import { CHAIN_NAMES, isStoreChain } from '../../../contract/logistics'
import { CARRIERS, trackingUrlOf, type CarrierCode, type Order } from '../../../contract/order'
import type { DbOrTx } from '../../db/client'
import { translate } from '../../lib/messages'
import * as repo from './repo'

const TAIPEI_OFFSET_MS = 8 * 3_600_000

/** The calendar day in Taiwan (UTC+8, no daylight saving). */
export const taipeiDate = (at: Date) => new Date(at.getTime() + TAIPEI_OFFSET_MS).toISOString().slice(0, 10)

const iso = (at: Date | null) => at?.toISOString() ?? null

export function toOrder(order: repo.OrderRow, lines: repo.OrderLineRow[], payment: repo.PaymentRow, locale: Locale): Order {
  const cod = order.payment_method === 'cod'
  const payable = order.status === 'PROCESSING' && payment.status !== 'SUCCESSED' && !cod
  // a pick-up parcel's carrier is its chain
  const carrier = isStoreChain(order.carrier) ? { name: CHAIN_NAMES[order.carrier] } : order.carrier && order.carrier in CARRIERS ? CARRIERS[order.carrier as CarrierCode] : undefined
  return {
    no: order.no,
    order_status: order.status,
    payment_status: order.payment_status,
    created_at: order.created_at.toISOString(),
    date: taipeiDate(order.created_at),
    items: lines.map((line) => ({
      product_id: line.product_id,
      variant_id: line.variant_id,
      name: line.name[locale],
      variant_label: line.variant_label[locale],
      image: line.image,
      price: line.unit_price,
      quantity: line.quantity,
      line_total: line.unit_price * line.quantity,
      stock_type: line.stock_type,
    })),
    subtotal: order.subtotal,
    discount: order.discount,
    logistics_fee: order.logistics_fee,
    tax: order.tax,
    amount: order.amount,
    currency: 'TWD',
    coupon: order.coupon_code ? { code: order.coupon_code, title: order.coupon_title?.[locale] ?? order.coupon_code } : null,
    shipment_type: order.shipment,
    pickup: order.pickup_store
      ? {
          store: order.pickup_store,
          parcel: order.parcel,
          collect_by: order.parcel === 'arrived' ? iso(order.collect_by) : null,
          can_change_store: order.parcel === 'store_closed' && order.pickup_store.chain === 'UNIMART' && order.status === 'TRANSPORTING',
        }
      : null,
    shipment: {
      carrier: carrier ? { code: order.carrier!, name: carrier.name[locale] } : null,
      tracking_no: order.tracking_no,
      tracking_url: trackingUrlOf(order.carrier, order.tracking_no),
      shipped_at: iso(order.shipped_at),
      completed_at: iso(order.completed_at),
    },
    recipient: order.recipient,
    invoice: order.invoice,
    payment: {
      method: order.payment_method,
      attempts: payment.attempts,
      failure_code: payment.status === 'FAILED' ? payment.failure_code : null,
      failure_message: payment.status === 'FAILED' ? payment.failure_message : null,
      // a FAILED payment is paid again through POST /ec-order/{no}/pay, which answers the secret
      client_secret: payable && payment.status === 'PROCESSING' ? payment.client_secret : null,
      pay_before: payable ? order.payment_due_at.toISOString() : null,
      paid_at: iso(order.paid_at),
    },
    refund: payment.refund_status ? { status: payment.refund_status, amount: payment.refund_status === 'REFUNDED' ? payment.refunded_amount : payment.amount } : null,
    cancelled_at: iso(order.cancelled_at),
    // the shop's own reasons are translated; an operator's are shown as written
    cancel_reason: order.cancel_reason === null ? null : translate(locale, order.cancel_reason),
    actions: {
      pay: payable,
      cancel: order.status === 'PROCESSING',
      track: order.tracking_no !== null && (order.status === 'TRANSPORTING' || order.status === 'COMPLETED'),
    },
  }
}

export async function ordersView(db: DbOrTx, rows: repo.OrderRow[], locale: Locale): Promise<Order[]> {
  const ids = rows.map((r) => r.id)
  const [lines, payments] = await Promise.all([repo.linesOf(db, ids), repo.currentPayments(db, ids)])
  return rows.map((row) => toOrder(row, lines.get(row.id) ?? [], payments.get(row.id)!, locale))
}

export async function orderView(db: DbOrTx, orderId: number, locale: Locale): Promise<Order> {
  const row = (await repo.orderById(db, orderId))!
  return (await ordersView(db, [row], locale))[0]!
}
