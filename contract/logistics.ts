import * as v from 'valibot'
import { ORDER_NO_PATTERN } from './constants'
import type { Localized } from './localized'

/**
 * Convenience-store pick-up (decision 75): the chains a parcel can go to, as ECPay names them
 * for B2C shipments (LogisticsSubType), and a store picked on the chain's map.
 */
export const STORE_CHAINS = ['UNIMART', 'FAMI', 'HILIFE'] as const
export type StoreChain = (typeof STORE_CHAINS)[number]

/**
 * The chains' names: their own Chinese names in every language, with the name the chain uses
 * abroad beside them in English and Japanese. Store names and addresses come from the chain's
 * map in Chinese only and are shown as they are.
 */
export const CHAIN_NAMES: Record<StoreChain, Localized> = {
  UNIMART: { zh_tw: '7-ELEVEN 統一超商', en: '7-ELEVEN (統一超商)', ja: 'セブン-イレブン（統一超商）' },
  FAMI: { zh_tw: '全家便利商店', en: 'FamilyMart (全家)', ja: 'ファミリーマート（全家）' },
  HILIFE: { zh_tw: '萊爾富', en: 'Hi-Life (萊爾富)', ja: 'ハイライフ（萊爾富）' },
}
export const isStoreChain = (code: string | null | undefined): code is StoreChain => STORE_CHAINS.includes(code as StoreChain)

/** A store as the chain's map gave it; its name and address stay in Chinese in every language. */
export const PickupStoreSchema = v.object({
  chain: v.picklist(STORE_CHAINS),
  /** the chain's store number (CVSStoreID) */
  id: v.string(),
  name: v.string(),
  address: v.string(),
  telephone: v.string(),
  /** on an outlying island (Penghu, Kinmen, Matsu...) */
  outlying: v.boolean(),
})
export type PickupStore = v.InferOutput<typeof PickupStoreSchema>

/** `POST /logistics/store-picks`: which chain's map to open, and whether the parcel will be paid in cash at the store. */
export const StorePickInputSchema = v.strictObject({
  chain: v.picklist(STORE_CHAINS, 'is not one of the chains: UNIMART, FAMI or HILIFE'),
  cash_on_pickup: v.optional(v.boolean('must be true or false'), false),
  /** where the shopper goes back to: the page's language (ECPay carries it as ExtraData) */
  locale: v.optional(v.picklist(['zh_tw', 'en', 'ja'], 'is not one of the shop’s languages'), 'zh_tw'),
  /** another store for this order's parcel, whose store closed: the map then leads back to the order */
  order_no: v.optional(v.pipe(v.string('is invalid'), v.regex(ORDER_NO_PATTERN, 'is invalid'))),
})
export type StorePickInput = v.InferOutput<typeof StorePickInputSchema>

/** A store pick: the map's form the browser posts (to open the chain's map), and the store once one was picked. */
export const StorePickSchema = v.object({
  /** the MerchantTradeNo the map answers with: it ties the store picked to this pick */
  trade_no: v.string(),
  chain: v.picklist(STORE_CHAINS),
  cash_on_pickup: v.boolean(),
  /** the form to post (a page of the chain's map) */
  map: v.object({ action: v.string(), fields: v.record(v.string(), v.string()) }),
  store: v.nullable(PickupStoreSchema),
  /** the pick can be used for an order until then (ISO 8601) */
  expires_at: v.string(),
})
export type StorePick = v.InferOutput<typeof StorePickSchema>

export const StorePickParamSchema = v.object({ trade_no: v.pipe(v.string(), v.regex(/^SP[A-Za-z0-9]{16}$/, 'is not a store pick')) })

/**
 * ECPay's rules for the people on a shipment (Create's SenderName and ReceiverName: 2 to 5 Chinese
 * characters or 4 to 10 letters, ECPay's legacy SDK; ReceiverCellPhone: 09 and 8 digits).
 */
export const PICKUP_NAME = /^([\u4e00-\u9fff\u3400-\u4dbf]{2,5}|[a-zA-Z]{4,10})$/u
export const PICKUP_PHONE = /^09\d{8}$/

export const PICKUP_MESSAGES = {
  name: 'Please enter the name on your ID: 2 to 5 Chinese characters or 4 to 10 letters, no digits or spaces',
  phone: 'Please enter a mobile number: 09 and 8 digits',
  required: 'is required',
} as const

/** Who collects a parcel at the store: the store checks the name against an ID, and texts the mobile number when it arrives. */
export const PickupPersonSchema = v.object(
  {
    name: v.pipe(v.string(PICKUP_MESSAGES.name), v.trim(), v.nonEmpty(PICKUP_MESSAGES.required), v.regex(PICKUP_NAME, PICKUP_MESSAGES.name)),
    phone: v.pipe(v.string(PICKUP_MESSAGES.phone), v.transform((raw) => raw.replace(/[\s\-()]/g, '').replace(/^\+886/, '0')), v.nonEmpty(PICKUP_MESSAGES.required), v.regex(PICKUP_PHONE, PICKUP_MESSAGES.phone)),
  },
  PICKUP_MESSAGES.required,
)

/** A store the member collected a parcel from before, offered again without the map (`GET /logistics/recent-stores`). */
export const RecentStoreSchema = v.object({ ...PickupStoreSchema.entries, last_used_at: v.string() })
export type RecentStore = v.InferOutput<typeof RecentStoreSchema>

/**
 * Where a pick-up parcel is, as the shop tells the shopper (from ECPay's status codes per chain):
 * handed to the chain (created), at its logistics centre (in_transit), the store closed and another
 * must be chosen (store_closed) or was (store_changed), at the store (arrived), collected
 * (picked_up), or not collected and sent back (returned).
 */
export const PARCEL_STATES = ['created', 'in_transit', 'store_closed', 'store_changed', 'arrived', 'picked_up', 'returned'] as const
export type ParcelState = (typeof PARCEL_STATES)[number]

/** A parcel kept at the store is sent back after this many days (ECPay: 7 for every chain). */
export const PICKUP_DAYS = 7
/** The shopper is reminded this many days before the last day to collect. */
export const PICKUP_REMINDER_DAYS = 2

/** `POST /ec-order/{no}/pickup-store`: the store picked on the map for a parcel whose store closed (7-ELEVEN). */
export const ChangeStoreInputSchema = v.strictObject({ store_pick: StorePickParamSchema.entries.trade_no })
