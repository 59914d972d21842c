import * as v from 'valibot'
import { PAYMENT_METHODS, SHIPMENT_TYPES } from './checkout'
import { ORDER_NO_PATTERN, STOCK_TYPES } from './constants'

// the order pages import it with the order's types
export { ORDER_NO_PATTERN }
import { couponCodeSchema, OrderLinesSchema } from './coupon'
import { InvoiceOptionsInputSchema } from './invoice'
import { PARCEL_STATES, PickupPersonSchema, PickupStoreSchema, STORE_CHAINS, StorePickParamSchema } from './logistics'
import { ORDER_STATUSES, REFUND_STATUSES } from './order-states'
import { PAYMENT_STATUSES } from './payment'
import { RecipientInputSchema } from './recipient'
import { MAX_INT } from './text'

/**
 * Carriers for home delivery and where a shopper checks a parcel ('check delivery status').
 * T-Cat opens the parcel's page directly; the others open their tracking form, where the PWA
 * shows the tracking number to paste.
 */
export const CARRIERS = {
  tcat: {
    name: { zh_tw: '黑貓宅急便', en: 'T-Cat (Takkyubin)', ja: 'ヤマト運輸（宅急便）' },
    trackingUrl: (no: string) => `https://www.t-cat.com.tw/Inquire/TraceDetail.aspx?BillID=${encodeURIComponent(no)}`,
    deepLink: true,
  },
  hct: {
    name: { zh_tw: '新竹物流', en: 'Hsinchu Transport (HCT)', ja: '新竹物流（HCT）' },
    trackingUrl: () => 'https://www.hct.com.tw/Search/SearchGoods_n.aspx',
    deepLink: false,
  },
  post: {
    name: { zh_tw: '中華郵政', en: 'Chunghwa Post', ja: '中華郵政' },
    trackingUrl: () => 'https://postserv.post.gov.tw/pstmail/main_mail.html',
    deepLink: false,
  },
} as const
export type CarrierCode = keyof typeof CARRIERS

/** Where a parcel is checked: the carrier's page for it, or its tracking form; null without a known carrier or number. */
export const trackingUrlOf = (carrier: string | null | undefined, trackingNo: string | null | undefined) =>
  carrier && trackingNo && carrier in CARRIERS ? CARRIERS[carrier as CarrierCode].trackingUrl(trackingNo) : null
export const CARRIER_CODES = Object.keys(CARRIERS) as CarrierCode[]

export const ORDER_MESSAGES = {
  required: 'is required',
  invalid: 'is invalid',
  recipientChoice: 'give either a saved recipient (recipient_id) or a recipient, not both',
  pickupChoice: 'give the store picked on the map (store_pick) or a store used before (store), not both',
  pickupOnly: 'a pick-up order has its pickup (store and person), not a recipient',
  pickupMissing: 'a pick-up order needs its pickup: the store and who collects the parcel',
  codPickupOnly: 'cash on pick-up is only for parcels collected at a store',
} as const

const id = v.pipe(v.number(ORDER_MESSAGES.invalid), v.integer(ORDER_MESSAGES.invalid), v.minValue(1, 'is too small'), v.maxValue(MAX_INT, 'is too large'))

/**
 * Who collects a pick-up parcel, and at which store: the store picked on the map for this
 * checkout (`store_pick`, the pick's MerchantTradeNo) or one the member collected an order from
 * before (`store`, as `GET /logistics/recent-stores` lists it).
 */
export const PickupInputSchema = v.pipe(
  v.object(
    {
      store_pick: v.optional(StorePickParamSchema.entries.trade_no),
      store: v.optional(v.object({ chain: v.picklist(STORE_CHAINS, ORDER_MESSAGES.invalid), id: v.pipe(v.string(ORDER_MESSAGES.invalid), v.regex(/^[A-Za-z0-9]{1,6}$/, ORDER_MESSAGES.invalid)) }, ORDER_MESSAGES.required)),
      ...PickupPersonSchema.entries,
    },
    ORDER_MESSAGES.required,
  ),
  v.forward(
    v.check((input) => (input.store_pick === undefined) !== (input.store === undefined), ORDER_MESSAGES.pickupChoice),
    ['store_pick'],
  ),
)
export type PickupInput = v.InferOutput<typeof PickupInputSchema>

/**
 * `POST /ec-order` (with an `Idempotency-Key` header): the lines the shopper sees in the cart, the
 * delivery method with a saved recipient or one typed in (home) or the pick-up store and person
 * (cvs), how it is paid (card; cash on pick-up only for cvs), the invoice options and an optional
 * coupon. Prices, totals and names come from the server, never from this input.
 */
export const CreateOrderInputSchema = v.pipe(
  v.object(
    {
      lines: OrderLinesSchema,
      recipient_id: v.optional(id),
      recipient: v.optional(RecipientInputSchema),
      invoice: InvoiceOptionsInputSchema,
      coupon_code: v.optional(v.nullable(couponCodeSchema)),
      shipment: v.optional(v.picklist(SHIPMENT_TYPES, 'is not one of the allowed values'), 'home'),
      pickup: v.optional(PickupInputSchema),
      payment_method: v.optional(v.picklist(PAYMENT_METHODS, 'is not one of the allowed values'), 'card'),
    },
    ORDER_MESSAGES.required,
  ),
  v.forward(
    v.check((input) => input.shipment === 'cvs' || (input.recipient_id === undefined) !== (input.recipient === undefined), ORDER_MESSAGES.recipientChoice),
    ['recipient'],
  ),
  v.forward(
    v.check((input) => input.shipment !== 'cvs' || (input.recipient_id === undefined && input.recipient === undefined), ORDER_MESSAGES.pickupOnly),
    ['recipient'],
  ),
  v.forward(
    v.check((input) => (input.shipment === 'cvs') === (input.pickup !== undefined), ORDER_MESSAGES.pickupMissing),
    ['pickup'],
  ),
  v.forward(
    v.check((input) => input.payment_method !== 'cod' || input.shipment === 'cvs', ORDER_MESSAGES.codPickupOnly),
    ['payment_method'],
  ),
)
export type CreateOrderInput = v.InferOutput<typeof CreateOrderInputSchema>

/** Order numbers: the Taipei date and eight random letters and digits, e.g. `261121-7KQ2M9XH`. */
export const OrderParamSchema = v.object({ no: v.pipe(v.string(), v.regex(ORDER_NO_PATTERN, ORDER_MESSAGES.invalid)) })

export const OrderLineSchema = v.object({
  product_id: v.number(),
  variant_id: v.number(),
  /** the product's name when ordered, in the request's language */
  name: v.string(),
  variant_label: v.string(),
  image: v.string(),
  /** unit price when ordered, integer TWD */
  price: v.number(),
  quantity: v.number(),
  line_total: v.number(),
  stock_type: v.picklist(STOCK_TYPES),
})

export const OrderSchema = v.object({
  no: v.string(),
  order_status: v.picklist(ORDER_STATUSES),
  /** PROCESSING is shown as unpaid */
  payment_status: v.picklist(PAYMENT_STATUSES),
  /** when it was placed (ISO 8601) */
  created_at: v.string(),
  /** the order's date in Taiwan, yyyy-MM-dd */
  date: v.string(),
  items: v.array(OrderLineSchema),
  subtotal: v.number(),
  discount: v.number(),
  logistics_fee: v.number(),
  /** the 5% business tax included in `amount` */
  tax: v.number(),
  amount: v.number(),
  currency: v.literal('TWD'),
  coupon: v.nullable(v.object({ code: v.string(), title: v.string() })),
  shipment_type: v.picklist(SHIPMENT_TYPES),
  /** a pick-up order's store and parcel; null for home delivery */
  pickup: v.nullable(
    v.object({
      store: PickupStoreSchema,
      /** where the parcel is; null until it is handed to the chain */
      parcel: v.nullable(v.picklist(PARCEL_STATES)),
      /** the last day to collect it (ISO 8601, the end of that day in Taiwan), once it is at the store */
      collect_by: v.nullable(v.string()),
      /** the store may be changed by the shopper now: it closed, and the chain lets a parcel go to another (7-ELEVEN) */
      can_change_store: v.boolean(),
    }),
  ),
  shipment: v.object({
    carrier: v.nullable(v.object({ code: v.string(), name: v.string() })),
    tracking_no: v.nullable(v.string()),
    /** 'check delivery status' */
    tracking_url: v.nullable(v.string()),
    shipped_at: v.nullable(v.string()),
    completed_at: v.nullable(v.string()),
  }),
  /** for a pick-up order: who collects it (name and mobile) and the store's address */
  recipient: v.object({ name: v.string(), phone: v.string(), zip_code: v.string(), county: v.string(), district: v.string(), address: v.string() }),
  invoice: v.record(v.string(), v.string()),
  payment: v.object({
    /** card (Stripe), or cash on pick-up: paid when the parcel is collected */
    method: v.picklist(PAYMENT_METHODS),
    /** how many times the member set out to pay */
    attempts: v.number(),
    /** Stripe's decline code of the last failure, e.g. `generic_decline`, `insufficient_funds` */
    failure_code: v.nullable(v.string()),
    failure_message: v.nullable(v.string()),
    /** what Stripe.js (or the sandbox's test-card form) confirms; only while the order can be paid */
    client_secret: v.nullable(v.string()),
    /** unpaid orders are cancelled at this time (ISO 8601) */
    pay_before: v.nullable(v.string()),
    paid_at: v.nullable(v.string()),
  }),
  refund: v.nullable(v.object({ status: v.picklist(REFUND_STATUSES), amount: v.number() })),
  cancelled_at: v.nullable(v.string()),
  cancel_reason: v.nullable(v.string()),
  /** what the member may do now: pay (again), cancel, check delivery status */
  actions: v.object({ pay: v.boolean(), cancel: v.boolean(), track: v.boolean() }),
})
export type Order = v.InferOutput<typeof OrderSchema>
export type OrderLine = v.InferOutput<typeof OrderLineSchema>
