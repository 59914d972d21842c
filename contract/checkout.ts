import * as v from 'valibot'
import { STOCK_TYPES } from './constants'
import { COUPON_MESSAGES, CouponSummarySchema, couponCodeSchema, OrderLinesSchema } from './coupon'

/**
 * Delivery methods: home delivery, or pick-up at a convenience store (7-ELEVEN, FamilyMart,
 * Hi-Life) through ECPay's logistics (decision 75). Each has its fee (config LOGISTICS_FEE and
 * LOGISTICS_FEE_CVS), waived from the free-shipping threshold on.
 */
export const SHIPMENT_TYPES = ['home', 'cvs'] as const
export type ShipmentType = (typeof SHIPMENT_TYPES)[number]

/** How an order is paid: by card (Stripe), or in cash when the parcel is collected at the store (pick-up only). */
export const PAYMENT_METHODS = ['card', 'cod'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

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

export const PricedLineSchema = v.object({
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
export type PricedLine = v.InferOutput<typeof PricedLineSchema>

/**
 * Every figure of an order, computed by the server from current prices (integer TWD, tax included):
 * amount = subtotal − discount + logistics_fee; tax = includedTax(amount).
 */
export const PricedSchema = v.object({
  lines: v.array(PricedLineSchema),
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
export type Priced = v.InferOutput<typeof PricedSchema>

export const QuoteLineSchema = v.object({
  ...PricedLineSchema.entries,
  /**
   * the most of this variant the member may order now (decision 61): the stock left, or less when
   * few are left, where one member may hold unpaid 3 units or half of what they could get, whichever
   * is more; an order of more is refused with 409 VARIANT_HOLD_LIMIT. 0 while the member's unpaid
   * orders hold their share.
   */
  max_quantity: v.number(),
})
export type QuoteLine = v.InferOutput<typeof QuoteLineSchema>

/** Until the member's e-mail is verified (and while no order of theirs was ever paid): what they may hold unpaid. */
export const UnverifiedLimitSchema = v.object({
  /** unpaid orders they may hold: 1 */
  max_unpaid_orders: v.number(),
  /** units, all lines together, of that order (UNVERIFIED_MAX_UNITS; 0: none) */
  max_units: v.number(),
  /** unpaid orders they hold now */
  unpaid_orders: v.number(),
})
export type UnverifiedLimit = v.InferOutput<typeof UnverifiedLimitSchema>

/** The priced order, with what this member may order of it now: the payment page says so before "Place order". */
export const QuoteSchema = v.object({
  ...PricedSchema.entries,
  lines: v.array(QuoteLineSchema),
  /** null once the e-mail is verified or an order was paid; otherwise an order beyond it is refused with 403 EMAIL_NOT_VERIFIED */
  unverified_limit: v.nullable(UnverifiedLimitSchema),
  /** each delivery method's fee for these goods (0 from the free-shipping threshold on), for the choice of method */
  shipment_fees: v.object({ home: v.number(), cvs: v.number() }),
})
export type Quote = v.InferOutput<typeof QuoteSchema>
