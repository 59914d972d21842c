import type { Locale } from '../../../contract/constants'
import type { PickupStore, RecentStore, StorePick, StorePickInput, StoreChain } from '../../../contract/logistics'
import { STORE_CHAINS } from '../../../contract/logistics'
import type { PickupInput } from '../../../contract/order'
import type { DbOrTx } from '../../db/client'
import type { ServiceDeps } from '../../core/deps'
import { pwaUrl } from '../../core/links'
import type { LogisticsClient } from '../../integrations/logistics'
import { notFound, validationFailed } from '../../lib/errors'
import { randomAlphanumeric } from '../../lib/secrets'
import * as repo from './repo'

export interface LogisticsDeps extends Pick<ServiceDeps, 'db' | 'config' | 'clock' | 'logger'> {
  logistics: LogisticsClient
}

/** A pick may be used for an order this long after the map was opened. */
const PICK_HOURS = 6
/** Open picks a member keeps; opening another drops the oldest. */
const MAX_OPEN_PICKS = 20
export const MAP_REPLY_PATH = '/api/v1/logistics/map-reply'

function view(deps: LogisticsDeps, row: repo.StorePickRow): StorePick {
  return {
    trade_no: row.trade_no,
    chain: row.chain,
    cash_on_pickup: row.cash_on_pickup,
    map: deps.logistics.mapForm({ tradeNo: row.trade_no, chain: row.chain, collect: row.cash_on_pickup, replyUrl: `${deps.config.publicUrl}${MAP_REPLY_PATH}` }),
    store: row.store ?? null,
    expires_at: row.expires_at.toISOString(),
  }
}

/** `POST /logistics/store-picks`: a visit to the chain's store map, tied to the member by a random MerchantTradeNo. */
export async function openStorePick(deps: LogisticsDeps, userId: number, input: StorePickInput): Promise<StorePick> {
  const now = deps.clock()
  if (input.order_no !== undefined && !(await repo.orderNeedsStore(deps.db, userId, input.order_no))) throw notFound('This order does not exist.')
  await repo.dropExpired(deps.db, userId, now)
  const open = await repo.picksOf(deps.db, userId)
  for (const old of open.slice(0, Math.max(0, open.length - MAX_OPEN_PICKS + 1))) await repo.dropPick(deps.db, old.trade_no)
  const row = { trade_no: `SP${randomAlphanumeric(16)}`, user_id: userId, chain: input.chain, cash_on_pickup: input.cash_on_pickup, locale: input.locale, store: null, order_no: input.order_no ?? null, expires_at: new Date(now.getTime() + PICK_HOURS * 3_600_000), created_at: now, updated_at: now }
  await repo.insertPick(deps.db, row)
  return view(deps, row)
}

/** `GET /logistics/store-picks/{trade_no}`: the member's own pick; anyone else's is not found. */
export async function storePickOf(deps: LogisticsDeps, userId: number, tradeNo: string): Promise<StorePick> {
  const row = await repo.pickByTradeNo(deps.db, tradeNo)
  if (!row || row.user_id !== userId || row.expires_at < deps.clock()) throw notFound('No such store pick.')
  return view(deps, row)
}

/** The fields ECPay's map posts back, and what each may hold (ECPay's WooCommerce plugin keeps names to 10 characters and addresses to 60; a little room is left). */
const REPLY_FIELDS: Record<string, RegExp> = {
  MerchantID: /^\d{7,10}$/,
  MerchantTradeNo: /^SP[A-Za-z0-9]{16}$/,
  LogisticsSubType: new RegExp(`^(${STORE_CHAINS.join('|')})$`),
  CVSStoreID: /^[A-Za-z0-9]{1,6}$/,
  CVSStoreName: /^[^\p{Cc}<>]{1,30}$/u,
  CVSAddress: /^[^\p{Cc}<>]{1,100}$/u,
  CVSTelephone: /^[\d\-#() ]{0,20}$/,
  CVSOutSide: /^[01]?$/,
  ExtraData: /^.{0,20}$/u,
  // ECPay's newer SDK signs the map request; the reply is not signed, and a value here is not trusted
  CheckMacValue: /^[A-Fa-f0-9]{0,64}$/,
}

export type MapReplyOutcome = { ok: true; redirect: string } | { ok: false; reason: string; redirect: string }

/**
 * `POST /logistics/map-reply`: the store the shopper picked on the chain's map, posted by their
 * browser (no session comes with it). Recorded on the pick whose MerchantTradeNo it names, when
 * every field is as the map sends it and the chain is the pick's; the shopper is sent back to
 * the payment page, which reads the store with their session. Anything else changes nothing.
 */
export async function recordMapReply(deps: LogisticsDeps, fields: Record<string, string>): Promise<MapReplyOutcome> {
  // back to the payment page, or to the order whose parcel needs another store
  const back = (locale: Locale, query: string, orderNo?: string | null) => `${pwaUrl(deps.config, locale, orderNo ? `/purchase/${orderNo}` : '/payment')}?${query}`
  const refuse = (reason: string, locale: Locale = 'zh_tw', orderNo?: string | null): MapReplyOutcome => ({ ok: false, reason, redirect: back(locale, 'store_pick_error=1', orderNo) })
  for (const [name, value] of Object.entries(fields)) {
    const rule = Object.hasOwn(REPLY_FIELDS, name) ? REPLY_FIELDS[name] : undefined
    if (!rule) return refuse(`unknown field ${name.slice(0, 40)}`)
    if (!rule.test(value)) return refuse(`${name} is not as the map sends it`)
  }
  for (const name of ['MerchantID', 'MerchantTradeNo', 'LogisticsSubType', 'CVSStoreID', 'CVSStoreName', 'CVSAddress']) if (fields[name] === undefined) return refuse(`${name} is missing`)
  if (fields.MerchantID !== deps.logistics.settings.keys.merchantId) return refuse('another merchant')
  const pick = await repo.pickByTradeNo(deps.db, fields.MerchantTradeNo!)
  const now = deps.clock()
  if (!pick || pick.expires_at < now) return refuse('no open pick has this MerchantTradeNo')
  if (pick.chain !== fields.LogisticsSubType) return refuse('the store is of another chain than the pick’s', pick.locale, pick.order_no)
  const store = {
    chain: pick.chain as StoreChain,
    id: fields.CVSStoreID!,
    name: fields.CVSStoreName!,
    address: fields.CVSAddress!,
    telephone: fields.CVSTelephone ?? '',
    outlying: fields.CVSOutSide === '1',
  }
  // the first store the map sent is the pick's: another reply naming the pick (a forged one, or the
  // browser's back button) changes nothing; choosing again opens the map afresh
  if (!(await repo.saveStore(deps.db, pick.trade_no, store, now))) return refuse('the pick has its store already', pick.locale, pick.order_no)
  return { ok: true, redirect: back(pick.locale, `store_pick=${pick.trade_no}`, pick.order_no) }
}

const PICK_AGAIN = 'Please choose the store again.'
const NOT_USED_BEFORE = 'This store is not one you collected an order from.'

/**
 * The store of a pick-up checkout: the member's own open pick with its store (opened for the same
 * way of paying, since the map lists the stores that take cash for it), or a store of an earlier
 * pick-up order of theirs. Anything else is refused on the field it came in.
 */
export async function pickupStoreFor(db: DbOrTx, userId: number, pickup: Pick<PickupInput, 'store_pick' | 'store'>, cashOnPickup: boolean, now: Date, forOrder: string | null = null): Promise<PickupStore> {
  if (pickup.store_pick !== undefined) {
    const pick = await repo.pickByTradeNo(db, pickup.store_pick)
    if (!pick || pick.user_id !== userId || pick.expires_at < now || !pick.store || pick.cash_on_pickup !== cashOnPickup || pick.order_no !== forOrder) {
      throw validationFailed({ 'pickup.store_pick': [PICK_AGAIN] })
    }
    return pick.store
  }
  const used = (await repo.recentStores(db, userId)).find((s) => s.store.chain === pickup.store!.chain && s.store.id === pickup.store!.id)
  if (!used) throw validationFailed({ 'pickup.store': [NOT_USED_BEFORE] })
  return used.store
}

/** `GET /logistics/recent-stores`: the stores of the member's latest pick-up orders, the latest first, one of each. */
export async function recentStores(deps: Pick<LogisticsDeps, 'db'>, userId: number): Promise<RecentStore[]> {
  return (await repo.recentStores(deps.db, userId)).map(({ store, at }) => ({ ...store, last_used_at: at.toISOString() }))
}
