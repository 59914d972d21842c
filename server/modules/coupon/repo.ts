import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { couponRedemptions, coupons } from '../../db/schema'

export type CouponRow = typeof coupons.$inferSelect
export type NewCoupon = typeof coupons.$inferInsert

const byCode = (code: string) => sql`lower(${coupons.code}) = lower(${code})`

/** A coupon by code, matched case-insensitively; `lock` holds its row until the transaction ends. */
export async function findByCode(db: DbOrTx, code: string, lock = false): Promise<CouponRow | undefined> {
  const query = db.select().from(coupons).where(byCode(code))
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** Uses that still count against the limits (not released), in all and by one member. */
export async function usage(db: DbOrTx, couponId: number, userId: number) {
  const [row] = await db
    .select({
      total: count(),
      member: sql<number>`count(*) filter (where ${couponRedemptions.user_id} = ${userId})`.mapWith(Number),
    })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.coupon_id, couponId), isNull(couponRedemptions.released_at)))
  return { total: row?.total ?? 0, member: row?.member ?? 0 }
}

export async function insertRedemption(db: DbOrTx, values: { coupon_id: number; user_id: number; order_id: number | null; created_at: Date }) {
  const [row] = await db.insert(couponRedemptions).values(values).returning()
  return row!
}

/** Releases live uses only, so releasing twice changes nothing the second time. */
export const release = (db: DbOrTx, where: { redemptionId: number } | { orderId: number }, now: Date) =>
  db
    .update(couponRedemptions)
    .set({ released_at: now })
    .where(
      and(
        'orderId' in where ? eq(couponRedemptions.order_id, where.orderId) : eq(couponRedemptions.id, where.redemptionId),
        isNull(couponRedemptions.released_at),
      ),
    )
    .returning({ id: couponRedemptions.id })

/** Inserts coupons whose code is not taken yet (any case); answers how many were new. */
export async function insertMissing(db: DbOrTx, rows: NewCoupon[]) {
  const inserted = await db.insert(coupons).values(rows).onConflictDoNothing().returning({ id: coupons.id })
  return inserted.length
}

/** The coupons given to one member, each with whether a live (not released) use of it exists. */
export async function ownedBy(db: DbOrTx, userId: number) {
  const owned = await db.select().from(coupons).where(eq(coupons.owner_id, userId))
  if (owned.length === 0) return []
  const used = new Set(
    (
      await db
        .selectDistinct({ coupon_id: couponRedemptions.coupon_id })
        .from(couponRedemptions)
        .where(and(inArray(couponRedemptions.coupon_id, owned.map((c) => c.id)), eq(couponRedemptions.user_id, userId), isNull(couponRedemptions.released_at)))
    ).map((r) => r.coupon_id),
  )
  return owned.map((coupon) => ({ coupon, used: used.has(coupon.id) }))
}
