import { createHash } from 'node:crypto'
import type { Locale } from '../../../contract/constants'
import type { CreateOrderInput, Order } from '../../../contract/order'
import { sendsAhead } from '../../db/client'
import { notify } from '../../core/notify'
import { transaction } from '../../db/transaction'
import { AppError, validationFailed } from '../../lib/errors'
import type { PaymentDeps } from '../../core/deps'
import type { CarrierChecker } from '../../integrations/e-invoice'
import { redeemCoupon } from '../../modules/coupon/service'
import { verifyInvoiceCarrier } from '../../modules/invoice/service'
import { mayStillTake, mustVerify, UNVERIFIED_MAX_UNPAID_ORDERS, unverifiedMay } from '../../modules/order/hold-limits'
import { ensureIntent } from '../../modules/order/payments'
import { orderView, toOrder } from '../../modules/order/present'
import * as repo from '../../modules/order/repo'
import { newOrderNo } from '../../modules/order/service'
import { recipientOf } from '../../modules/recipient/service'
import { pickupStoreFor } from '../../modules/logistics/service'
import { priceOrder } from './quote'

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/** The most a parcel to a convenience store may be worth (ECPay's GoodsAmount and CollectionAmount: 1 to 20000). */
export const MAX_PICKUP_AMOUNT = 20_000
const PICKUP_TOO_MUCH = 'Parcels collected at a store may be worth at most NT$20,000; please choose home delivery.'

/** The same input in any key order hashes the same: a retry is recognised, a different body under a reused key is not. */
function bodyHash(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v
  return createHash('sha256').update(JSON.stringify(canonical(value))).digest('hex')
}

/** Thrown inside the checkout's transaction when its key was claimed before: the transaction rolls back and the earlier order answers. */
class KeyClaimedBefore extends Error {}

/** Postgres's unique_violation, as node-postgres and PGlite report it (drizzle wraps it as the cause). */
const isUniqueViolation = (error: unknown) => {
  const code = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined)
  return code(error) === '23505' || (error instanceof Error && code(error.cause) === '23505')
}

/**
 * `POST /ec-order`: one order per member and Idempotency-Key. First the quote, with the
 * checkout's current prices (the client's are never read), the recipient, and the invoice's
 * mobile barcode asked of the Ministry (refused if unknown, kept unverified if it cannot say). Then one
 * transaction of two statements sent together, so the database never waits for a round trip
 * while the transaction holds it: the first claims the key (a plain insert: a key claimed before
 * collides with its primary key, and the earlier order answers) and locks the member; the second,
 * which the database runs only after the first, takes the stock with conditional updates (so
 * concurrent checkouts never oversell), writes the order and removes the ordered lines from the
 * cart. A member holding MAX_UNPAID_ORDERS unpaid orders is refused, and so is one whose e-mail
 * is not verified (and who never paid an order) beyond one order of UNVERIFIED_MAX_UNITS, or one
 * who would hold more than their share of what is left of a variant (decision 61): all counted by the second statement, which begins
 * once the member's lock is held and reads each variant as it locks it, so concurrent checkouts
 * cannot pass a cap together. A coupon is redeemed in the same transaction. Then, outside it, create the
 * PaymentIntent; a crash in between is completed by the retry with the same key.
 */
export async function placeOrder(deps: PaymentDeps & { carrier: CarrierChecker }, userId: number, key: string, input: CreateOrderInput, locale: Locale): Promise<Order> {
  const hash = bodyHash(input)
  const now = deps.clock()
  const price = async () => {
    // a pick-up parcel goes to the store, for the person named (the store's address stands for theirs)
    const pickupStore = input.pickup ? await pickupStoreFor(deps.db, userId, input.pickup, input.payment_method === 'cod', now) : null
    const recipient = input.pickup
      ? { name: input.pickup.name, phone: input.pickup.phone, zip_code: '', county: '', district: '', address: pickupStore!.address }
      : input.recipient_id !== undefined
        ? await recipientOf(deps.db, userId, input.recipient_id)
        : input.recipient!
    const { quote, variants } = await priceOrder(deps.db, {
      memberId: userId,
      lines: input.lines,
      couponCode: input.coupon_code,
      shipment: input.shipment,
      now,
      pricing: deps.config.checkout,
      locale,
    })
    // ECPay carries parcels of NT$1 to NT$20,000 to the stores
    if (pickupStore && quote.amount > MAX_PICKUP_AMOUNT) throw validationFailed({ shipment: [PICKUP_TOO_MUCH] })
    const carrierVerified = await verifyInvoiceCarrier(deps, userId, input.invoice)
    return { recipient, quote, variants, carrierVerified, pickupStore }
  }
  let priced: Awaited<ReturnType<typeof price>>
  try {
    priced = await price()
  } catch (error) {
    // a retry answers its order even when the goods can no longer be bought as asked
    if (await repo.requestFor(deps.db, userId, key)) return answerRetry(deps, userId, key, hash, locale)
    throw error
  }
  const { recipient, quote, variants, carrierVerified, pickupStore } = priced
  // quote.lines follow input.lines, one per variant
  const write: repo.CheckoutWrite = {
    userId,
    key,
    order: {
      no: newOrderNo(now),
      user_id: userId,
      status: 'PROCESSING',
      payment_status: 'PROCESSING',
      subtotal: quote.subtotal,
      discount: quote.discount,
      logistics_fee: quote.logistics_fee,
      tax: quote.tax,
      amount: quote.amount,
      coupon_code: quote.coupon?.code ?? null,
      shipment: quote.shipment,
      payment_method: input.payment_method,
      pickup_store: pickupStore,
      recipient: { name: recipient.name, phone: recipient.phone, zip_code: recipient.zip_code, county: recipient.county, district: recipient.district, address: recipient.address },
      invoice: input.invoice as Record<string, string>,
      invoice_carrier_verified: carrierVerified,
      locale,
      payment_due_at: new Date(now.getTime() + deps.config.orders.paymentMs),
      created_at: now,
      updated_at: now,
    },
    lines: quote.lines.map((line) => ({
      product_id: line.product_id,
      variant_id: line.variant_id,
      name: variants.get(line.variant_id)!.product.name,
      variant_label: variants.get(line.variant_id)!.variant.label,
      image: line.image,
      unit_price: line.unit_price,
      quantity: line.quantity,
      stock_type: line.stock_type,
    })),
    payment: { attempt: 1, status: 'PROCESSING', amount: quote.amount, attempt_started_at: now, created_at: now, updated_at: now },
    events: [
      { at: now, subject: 'order', from_status: null, to_status: 'PROCESSING', actor: 'member', reason: 'checkout' },
      { at: now, subject: 'payment', from_status: null, to_status: 'PROCESSING', actor: 'member', reason: null },
    ],
  }
  let placed
  try {
    placed = await transaction(deps.db, async (tx) => {
      const claimed = repo.claimAndLockMember(tx, userId, key, hash, now).then(
        () => true,
        (error: unknown) => {
          if (isUniqueViolation(error)) return false
          throw error
        },
      )
      // sent behind the claim at once where the driver queues statements (when the claim fails, so does the write)
      const writing = sendsAhead(tx) ? repo.writeCheckout(tx, write) : undefined
      writing?.catch(() => undefined)
      if (!(await claimed)) throw new KeyClaimedBefore()
      const written = await (writing ?? repo.writeCheckout(tx, write))
      const { unverifiedMaxUnits, maxUnpaid } = deps.config.orders
      // verifying the e-mail (or a paid order) is what lifts this cap, so it is said first
      if (mustVerify(written) && !unverifiedMay(written.unpaidBefore, sum(input.lines.map((line) => line.quantity)), unverifiedMaxUnits)) {
        throw new AppError('EMAIL_NOT_VERIFIED', 403, 'Please verify your e-mail address to order more: until it is verified, you can have only one unpaid order, of a few items.', {
          max_unpaid_orders: UNVERIFIED_MAX_UNPAID_ORDERS,
          max_units: unverifiedMaxUnits,
        })
      }
      if (written.unpaidBefore >= maxUnpaid) {
        throw new AppError('UNPAID_ORDER_LIMIT', 409, 'You already have orders waiting for payment; please pay or cancel one of them before placing another.', { max_unpaid_orders: maxUnpaid })
      }
      const short = input.lines.findIndex((line) => !written.taken.has(line.variant_id))
      if (short !== -1) throw new AppError('OUT_OF_STOCK', 409, 'Out of stock', { [`lines.${short}`]: ['Out of stock'] })
      const room = input.lines.map((line) => {
        const { left, held } = written.stock.get(line.variant_id)!
        return mayStillTake(left, held)
      })
      const over = input.lines.findIndex((line, i) => line.quantity > room[i]!)
      if (over !== -1) {
        throw new AppError('VARIANT_HOLD_LIMIT', 409, 'Few of this item are left, and one member may hold at most half of them until paid; please order fewer, or pay for your waiting order first.', {
          [`lines.${over}`]: ['is more than half of what is left'],
          max_quantity: room[over]!,
        })
      }
      let order = written.order
      // cash on pick-up is paid at the store: the order is confirmed now (with its mail), not on a payment
      if (input.payment_method === 'cod') {
        await notify(tx, { userId, type: 'order_placed', payload: { order_no: order.no }, url: `/purchase/${order.no}`, dedupeKey: `order_placed:${order.id}` }, now)
      }
      if (quote.coupon) {
        const redeemed = await redeemCoupon(tx, { code: quote.coupon.code, memberId: userId, subtotal: quote.subtotal, now, orderId: order.id })
        order = await repo.updateOrderReturning(tx, order.id, { coupon_id: redeemed.couponId, coupon_title: await repo.couponTitle(tx, redeemed.couponId) })
      }
      return { order, lines: written.lines, payment: written.payment }
    })
  } catch (error) {
    if (error instanceof KeyClaimedBefore) return answerRetry(deps, userId, key, hash, locale)
    throw error
  }
  // a new order: answered from the rows just written, without reading them back
  const payment = await ensureIntent(deps, placed.order, placed.payment)
  return toOrder(placed.order, placed.lines, payment, locale)
}

/** The order a key was claimed for before, as it stands now (its PaymentIntent created if a crash left it without one). */
async function answerRetry(deps: PaymentDeps, userId: number, key: string, hash: string, locale: Locale): Promise<Order> {
  const earlier = (await repo.requestFor(deps.db, userId, key))!
  if (earlier.body_hash !== hash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 422, 'This Idempotency-Key was already used for a different order.')
  }
  const placed = earlier.order_id!
  const order = (await repo.orderById(deps.db, placed))!
  await ensureIntent(deps, order, await repo.currentPayment(deps.db, placed))
  return orderView(deps.db, placed, locale)
}
