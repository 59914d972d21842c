import { and, asc, desc, eq, isNotNull, isNull, lt } from 'drizzle-orm'
import type { PickupStore } from '../../../contract/logistics'
import type { DbOrTx } from '../../db/client'
import { orders, storePicks } from '../../db/schema'

export type StorePickRow = typeof storePicks.$inferSelect

export const pickByTradeNo = async (db: DbOrTx, tradeNo: string) => (await db.select().from(storePicks).where(eq(storePicks.trade_no, tradeNo)))[0]

export const picksOf = (db: DbOrTx, userId: number) => db.select({ trade_no: storePicks.trade_no }).from(storePicks).where(eq(storePicks.user_id, userId)).orderBy(asc(storePicks.created_at))

export const dropExpired = (db: DbOrTx, userId: number, now: Date) => db.delete(storePicks).where(and(eq(storePicks.user_id, userId), lt(storePicks.expires_at, now)))

export const dropPick = (db: DbOrTx, tradeNo: string) => db.delete(storePicks).where(eq(storePicks.trade_no, tradeNo))

export const insertPick = (db: DbOrTx, values: typeof storePicks.$inferInsert) => db.insert(storePicks).values(values)

/** Records the pick's store unless it has one; answers whether it did. */
export const saveStore = async (db: DbOrTx, tradeNo: string, store: NonNullable<StorePickRow['store']>, now: Date) =>
  (await db.update(storePicks).set({ store, updated_at: now }).where(and(eq(storePicks.trade_no, tradeNo), isNull(storePicks.store))).returning({ trade_no: storePicks.trade_no })).length === 1

/** How many stores used before are offered again. */
const RECENT_STORES = 5

/** The stores of the member's pick-up orders, the most recently used first, each once. */
export async function recentStores(db: DbOrTx, userId: number): Promise<{ store: PickupStore; at: Date }[]> {
  const rows = await db
    .select({ store: orders.pickup_store, at: orders.created_at })
    .from(orders)
    .where(and(eq(orders.user_id, userId), isNotNull(orders.pickup_store)))
    .orderBy(desc(orders.created_at))
    .limit(50)
  const seen = new Set<string>()
  const recent: { store: PickupStore; at: Date }[] = []
  for (const row of rows) {
    const key = `${row.store!.chain}:${row.store!.id}`
    if (seen.has(key)) continue
    seen.add(key)
    recent.push({ store: row.store!, at: row.at })
    if (recent.length === RECENT_STORES) break
  }
  return recent
}

/** Whether the member has a pick-up order of this number whose parcel waits for another store. */
export const orderNeedsStore = async (db: DbOrTx, userId: number, no: string) =>
  (await db.select({ id: orders.id }).from(orders).where(and(eq(orders.user_id, userId), eq(orders.no, no), eq(orders.parcel, 'store_closed')))).length === 1
