import type { CartLineInput } from '../../../contract/cart'
import { includedTax, type Priced, type PricedLine, type Quote, type ShipmentType } from '../../../contract/checkout'
import type { Locale } from '../../../contract/constants'
import type { DbOrTx } from '../../db/client'
import { AppError } from '../../lib/errors'
import { couponEffect, couponSummary, findUsableCoupon, refuseIfNothing } from '../../modules/coupon/service'
import { mayStillTake, mustVerify, UNVERIFIED_MAX_UNPAID_ORDERS } from '../../modules/order/hold-limits'
import { memberHolds } from '../../modules/order/repo'
import * as repo from './repo'

/** The shop's delivery pricing (config `checkout`). */
export interface Pricing {
  /** each delivery method's fee below the threshold */
  logisticsFees: Record<ShipmentType, number>
  freeShippingThreshold: number
}

export interface QuoteRequest {
  memberId: number
  lines: CartLineInput[]
  couponCode?: string | null
  shipment: ShipmentType
  now: Date
  pricing: Pricing
  /** names and coupon titles in this language; default zh_tw */
  locale?: Locale
  /** the input field the coupon code came in, where a coupon error is reported; default `coupon_code` */
  couponField?: string
}

const UNAVAILABLE = 'This product is no longer available.'
const SOLD_OUT = 'Out of stock'
const TOO_MANY = 'Not enough stock for this quantity.'

type Found = Awaited<ReturnType<typeof repo.variantsByIds>>

/** Current prices of the lines; every line that cannot be bought as asked is reported, keyed `lines.N`. */
function priceLines(found: Found, lines: CartLineInput[], locale: Locale): PricedLine[] {
  const unavailable: Record<string, string[]> = {}
  const short: Record<string, string[] | number> = {}
  const priced = lines.map((line, i): PricedLine | undefined => {
    const row = found.get(line.variant_id)
    if (!row || row.product.id !== line.product_id || row.product.status !== 'ACTIVE') {
      unavailable[`lines.${i}`] = [UNAVAILABLE]
      return undefined
    }
    const { product, variant } = row
    if (variant.stock_left <= 0) short[`lines.${i}`] = [SOLD_OUT]
    else if (line.quantity > variant.stock_left) {
      short[`lines.${i}`] = [TOO_MANY]
      short[`lines.${i}.stock_left`] = variant.stock_left
    }
    return {
      product_id: product.id,
      variant_id: variant.id,
      name: product.name[locale],
      variant_label: variant.label[locale],
      image: product.images[0],
      stock_type: product.stock_type,
      unit_price: variant.price,
      quantity: line.quantity,
      line_total: variant.price * line.quantity,
    }
  })
  if (Object.keys(unavailable).length > 0) throw new AppError('PRODUCT_UNAVAILABLE', 409, 'Some items are no longer available.', unavailable)
  if (Object.keys(short).length > 0) throw new AppError('OUT_OF_STOCK', 409, 'Out of stock', short)
  return priced as PricedLine[]
}

/**
 * `POST /checkout/quote`: the priced order (priceOrder) and what this member may order of it now
 * (decision 61): per line the most they may order (`max_quantity`), and the unverified member's
 * limit. Read without locks, to tell the shopper before "Place order"; the checkout's statement
 * reads the same under its locks and is what refuses.
 */
export async function quoteOrder(db: DbOrTx, request: QuoteRequest & { unverifiedMaxUnits: number }): Promise<Quote> {
  const { quote, variants } = await priceOrder(db, request)
  const holds = await memberHolds(
    db,
    request.memberId,
    quote.lines.map((line) => line.variant_id),
  )
  return {
    ...quote,
    lines: quote.lines.map((line) => ({ ...line, max_quantity: mayStillTake(variants.get(line.variant_id)!.variant.stock_left, holds.held.get(line.variant_id) ?? 0) })),
    unverified_limit: mustVerify(holds) ? { max_unpaid_orders: UNVERIFIED_MAX_UNPAID_ORDERS, max_units: request.unverifiedMaxUnits, unpaid_orders: holds.unpaid } : null,
    shipment_fees: shipmentFees(request.pricing, quote.subtotal - quote.discount, quote.coupon?.free_shipping ?? false),
  }
}

/** What each delivery method costs for goods of this value (after the discount): nothing from the threshold on, or with a free-shipping coupon. */
export const shipmentFees = (pricing: Pricing, goods: number, freeShipping: boolean): Record<ShipmentType, number> => {
  const free = freeShipping || goods >= pricing.freeShippingThreshold
  return { home: free ? 0 : pricing.logisticsFees.home, cvs: free ? 0 : pricing.logisticsFees.cvs }
}

/**
 * Every figure of an order from the database's current prices; the client's own prices are never
 * read. amount = subtotal − discount + logistics_fee, where the fee is waived when the goods after
 * the discount reach the free-shipping threshold or a free-shipping coupon applies; tax is the 5%
 * share included in the amount. Throws PRODUCT_UNAVAILABLE / OUT_OF_STOCK (409) for lines that
 * cannot be bought as asked and COUPON_INVALID (400) for a coupon that does not apply. Answers
 * with the variant and product rows it read (the order keeps their names in every language).
 * Reads only, so the order module can call it inside its own transaction (`db` may be a `tx`).
 */
export async function priceOrder(db: DbOrTx, request: QuoteRequest): Promise<{ quote: Priced; variants: Found }> {
  const locale = request.locale ?? 'zh_tw'
  const found = await repo.variantsByIds(
    db,
    request.lines.map((l) => l.variant_id),
  )
  const lines = priceLines(found, request.lines, locale)
  const subtotal = lines.reduce((sum, l) => sum + l.line_total, 0)
  const coupon = request.couponCode
    ? await findUsableCoupon(db, { code: request.couponCode, memberId: request.memberId, subtotal, now: request.now, field: request.couponField })
    : undefined
  const { freeShippingThreshold } = request.pricing
  if (coupon) refuseIfNothing(coupon, subtotal, freeShippingThreshold, request.couponField)
  const effect = coupon ? couponEffect(coupon, subtotal) : { discount: 0, freeShipping: false }
  const goods = subtotal - effect.discount
  const logistics_fee = shipmentFees(request.pricing, goods, effect.freeShipping)[request.shipment]
  const amount = goods + logistics_fee
  const quote: Priced = {
    lines,
    subtotal,
    discount: effect.discount,
    logistics_fee,
    tax: includedTax(amount),
    amount,
    coupon: coupon ? couponSummary(coupon, subtotal, locale) : null,
    shipment: request.shipment,
    free_shipping_threshold: freeShippingThreshold,
    currency: 'TWD',
  }
  return { quote, variants: found }
}
