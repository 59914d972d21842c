import * as v from 'valibot'
import { STOCK_TYPES } from './constants'
import { COUPON_MESSAGES, CouponSummarySchema, couponCodeSchema, OrderLinesSchema } from './coupon'

/**
 * Delivery methods. Only home delivery is offered: convenience-store pick-up needs a logistics
 * provider's store map and is not part of this shop yet.
 */
export const SHIPMENT_TYPES = ['home'] as const
export type ShipmentType = (typeof SHIPMENT_TYPES)[number]

/** Prices include 5% business tax (營業稅); the quote shows its share. */
export const BUSINESS_TAX_PERCENT = 5

/**
 * The tax included in a tax-inclusive amount, in whole TWD: round(amount × 5 / 105), half up.
 * NT$1,050 holds NT$50; NT$100 holds NT$4.76, shown as NT$5.
 */
export const includedTax = (amount: number) => Math.round((amount * BUSINESS_TAX_PERCENT) / (100 + BUSINESS_TAX_PERCENT))

/** `POST /checkout/quote`: the lines the shopper sees, an optional coupon, the delivery method. */
export const QuoteInputSchema = v.object(
  {
    lines: OrderLinesSchema,
    coupon_code: v.optional(v.nullable(couponCodeSchema)),
    shipment: v.optional(v.picklist(SHIPMENT_TYPES, 'is not one of the allowed values'), 'home'),
  },
  COUPON_MESSAGES.required,
)
export type QuoteInput = v.InferOutput<typeof QuoteInputSchema>

export const QuoteLineSchema = v.object({
  product_id: v.number(),
  variant_id: v.number(),
  /** the product's name, in the request's language */
  name: v.string(),
  /** the variant's label */
  variant_label: v.string(),
  image: v.string(),
  stock_type: v.picklist(STOCK_TYPES),
  /** the current unit price, integer TWD, tax included */
  unit_price: v.number(),
  quantity: v.number(),
  /** unit_price × quantity */
  line_total: v.number(),
})
export type QuoteLine = v.InferOutput<typeof QuoteLineSchema>

/**
 * Every figure of an order, computed by the server from current prices (integer TWD, tax included):
 * amount = subtotal − discount + logistics_fee; tax = includedTax(amount).
 */
export const QuoteSchema = v.object({
  lines: v.array(QuoteLineSchema),
  subtotal: v.number(),
  discount: v.number(),
  logistics_fee: v.number(),
  /** the 5% business tax included in `amount` */
  tax: v.number(),
  amount: v.number(),
  coupon: v.nullable(CouponSummarySchema),
  shipment: v.picklist(SHIPMENT_TYPES),
  /** goods (after the discount) of at least this ship free */
  free_shipping_threshold: v.number(),
  currency: v.literal('TWD'),
})
export type Quote = v.InferOutput<typeof QuoteSchema>
