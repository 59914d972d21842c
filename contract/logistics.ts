import * as v from 'valibot'

/**
 * Convenience-store pick-up (decision 75): the chains a parcel can go to, as ECPay names them
 * for B2C shipments (LogisticsSubType), and a store picked on the chain's map.
 */
export const STORE_CHAINS = ['UNIMART', 'FAMI', 'HILIFE'] as const
export type StoreChain = (typeof STORE_CHAINS)[number]

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
