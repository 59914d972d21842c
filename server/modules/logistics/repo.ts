import { and, asc, eq, isNull, lt } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { storePicks } from '../../db/schema'

export type StorePickRow = typeof storePicks.$inferSelect

export const pickByTradeNo = async (db: DbOrTx, tradeNo: string) => (await db.select().from(storePicks).where(eq(storePicks.trade_no, tradeNo)))[0]

export const picksOf = (db: DbOrTx, userId: number) => db.select({ trade_no: storePicks.trade_no }).from(storePicks).where(eq(storePicks.user_id, userId)).orderBy(asc(storePicks.created_at))

export const dropExpired = (db: DbOrTx, userId: number, now: Date) => db.delete(storePicks).where(and(eq(storePicks.user_id, userId), lt(storePicks.expires_at, now)))

export const dropPick = (db: DbOrTx, tradeNo: string) => db.delete(storePicks).where(eq(storePicks.trade_no, tradeNo))

export const insertPick = (db: DbOrTx, values: typeof storePicks.$inferInsert) => db.insert(storePicks).values(values)

/** Records the pick's store unless it has one; answers whether it did. */
export const saveStore = async (db: DbOrTx, tradeNo: string, store: NonNullable<StorePickRow['store']>, now: Date) =>
  (await db.update(storePicks).set({ store, updated_at: now }).where(and(eq(storePicks.trade_no, tradeNo), isNull(storePicks.store))).returning({ trade_no: storePicks.trade_no })).length === 1
