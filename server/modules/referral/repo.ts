import { and, desc, eq, inArray, isNull, like, ne } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { couponRedemptions, coupons, orders, recipients, referrals, users } from '../../db/schema'

export const insertCoupon = async (tx: DbOrTx, values: typeof coupons.$inferInsert) => (await tx.insert(coupons).values(values).returning())[0]!

/** A friend joined with a referrer's code; a replayed sign-up records nothing more. */
export const recordReferral = (tx: DbOrTx, friendId: number, referrerId: number, now: Date) =>
  tx.insert(referrals).values({ friend_id: friendId, referrer_id: referrerId, created_at: now, updated_at: now }).onConflictDoNothing()

/** The friend's referral, locked for the transaction (decision 48: after the member's row). */
export const lockReferral = async (tx: DbOrTx, friendId: number) =>
  (await tx.select({ friend_coupon_id: referrals.friend_coupon_id }).from(referrals).where(eq(referrals.friend_id, friendId)).for('update'))[0]

/** The friend's referral while it is still only `joined`, locked. */
export const lockJoinedReferral = async (tx: DbOrTx, friendId: number) =>
  (await tx.select().from(referrals).where(and(eq(referrals.friend_id, friendId), eq(referrals.status, 'joined'))).for('update'))[0]

export const updateReferral = (tx: DbOrTx, friendId: number, values: Partial<typeof referrals.$inferInsert>) => tx.update(referrals).set(values).where(eq(referrals.friend_id, friendId))

export const memberOf = async (db: DbOrTx, userId: number) =>
  (await db.select({ phone: users.phone_number, first_name: users.first_name, last_name: users.last_name }).from(users).where(eq(users.id, userId)))[0]

export const savedRecipientsOf = (db: DbOrTx, userId: number) => db.select().from(recipients).where(eq(recipients.user_id, userId))

/** Where a member's orders went (cancelled ones aside). */
export const orderRecipientsOf = (db: DbOrTx, userId: number) =>
  db.select({ recipient: orders.recipient }).from(orders).where(and(eq(orders.user_id, userId), ne(orders.status, 'CANCEL')))

/** A referrer's friends, newest first, with their names. */
export const friendsOf = (db: DbOrTx, referrerId: number) =>
  db
    .select({ friend_id: referrals.friend_id, status: referrals.status, reason: referrals.reason, first_name: users.first_name, last_name: users.last_name, joined_at: users.created_at })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.friend_id))
    .where(eq(referrals.referrer_id, referrerId))
    .orderBy(desc(users.created_at))

/** Those of these members who have an order that was not cancelled. */
export const withOrders = async (db: DbOrTx, userIds: number[]) =>
  new Set(
    userIds.length
      ? (await db.selectDistinct({ user_id: orders.user_id }).from(orders).where(and(inArray(orders.user_id, userIds), ne(orders.status, 'CANCEL')))).map((o) => o.user_id)
      : [],
  )

/** The thank-you coupons a referrer earned, newest first. */
export const rewardsOf = (db: DbOrTx, referrerId: number) =>
  db.select().from(coupons).where(and(eq(coupons.owner_id, referrerId), like(coupons.code, 'THANKS-%'))).orderBy(desc(coupons.created_at))

/** Those of these coupons used on an order that still holds them. */
export const usedCoupons = async (db: DbOrTx, couponIds: number[]) =>
  new Set(
    couponIds.length
      ? (await db.select({ coupon_id: couponRedemptions.coupon_id }).from(couponRedemptions).where(and(inArray(couponRedemptions.coupon_id, couponIds), isNull(couponRedemptions.released_at)))).map((r) => r.coupon_id)
      : [],
  )
