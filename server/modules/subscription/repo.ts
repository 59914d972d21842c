import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { billingCustomers, subscriptionCheckouts, subscriptionInvoices, subscriptions, users } from '../../db/schema'

export type SubscriptionRow = typeof subscriptions.$inferSelect
export type NewSubscription = typeof subscriptions.$inferInsert

/** Provider statuses that keep a box coming (a member holding one needs `second_box` for another). */
export const HOLDING = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete']
/** Provider statuses after which nothing more is sent or charged. */
export const ENDED = ['canceled', 'incomplete_expired']

/**
 * The box a member sees and manages: the latest one that has not ended (a member may hold a second
 * box, and the newer one ending leaves the other charged), else the latest, shown as ended.
 */
export const latestOf = async (db: DbOrTx, userId: number) =>
  (
    await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.user_id, userId))
      .orderBy(sql`CASE WHEN ${inArray(subscriptions.provider_status, ENDED)} THEN 1 ELSE 0 END`, desc(subscriptions.created_at), desc(subscriptions.id))
      .limit(1)
  )[0]

export const byProviderId = async (db: DbOrTx, subscriptionId: string) => (await db.select().from(subscriptions).where(eq(subscriptions.subscription_id, subscriptionId)))[0]

export const holdsOne = async (db: DbOrTx, userId: number) =>
  (await db.select({ id: subscriptions.id }).from(subscriptions).where(and(eq(subscriptions.user_id, userId), inArray(subscriptions.provider_status, HOLDING))).limit(1)).length > 0

export const lockMember = (tx: DbOrTx, userId: number) => tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')

// ---- the member's customer at the payment provider

export const customerOfMember = async (db: DbOrTx, userId: number) => (await db.select().from(billingCustomers).where(eq(billingCustomers.user_id, userId)))[0]
export const memberOfCustomer = async (db: DbOrTx, customerId: string) => (await db.select().from(billingCustomers).where(eq(billingCustomers.customer_id, customerId)))[0]
/** The first customer recorded for a member stays theirs. */
export const saveCustomer = (db: DbOrTx, userId: number, customerId: string) => db.insert(billingCustomers).values({ user_id: userId, customer_id: customerId }).onConflictDoNothing()

// ---- the member's checkout (one at a time, decision 56)

export const checkoutOf = async (db: DbOrTx, userId: number) => (await db.select().from(subscriptionCheckouts).where(eq(subscriptionCheckouts.user_id, userId)))[0]

export const claimCheckout = (tx: DbOrTx, userId: number, planId: string, exists: boolean, now: Date) =>
  exists
    ? tx.update(subscriptionCheckouts).set({ claimed_at: now }).where(eq(subscriptionCheckouts.user_id, userId))
    : tx.insert(subscriptionCheckouts).values({ user_id: userId, plan_id: planId, claimed_at: now })

/** Ends the claim taken at `claimedAt`, recording `values` (the session opened). */
export const releaseCheckout = (db: DbOrTx, userId: number, claimedAt: Date, values: Partial<typeof subscriptionCheckouts.$inferInsert> = {}) =>
  db
    .update(subscriptionCheckouts)
    .set({ ...values, claimed_at: null })
    .where(and(eq(subscriptionCheckouts.user_id, userId), eq(subscriptionCheckouts.claimed_at, claimedAt)))

/** A claim that was the member's first checkout leaves no row when it ends without a session. */
export const dropCheckout = (db: DbOrTx, userId: number, claimedAt: Date) =>
  db.delete(subscriptionCheckouts).where(and(eq(subscriptionCheckouts.user_id, userId), eq(subscriptionCheckouts.claimed_at, claimedAt)))

// ---- boxes paid

export const boxesOf = (db: DbOrTx, subscriptionId: string) =>
  db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.subscription_id, subscriptionId)).orderBy(desc(subscriptionInvoices.paid_at))

/** An invoice paid is a box; a replayed event writes nothing. */
export const saveBox = (tx: DbOrTx, box: typeof subscriptionInvoices.$inferInsert) => tx.insert(subscriptionInvoices).values(box).onConflictDoNothing()

export const updateSubscription = (db: DbOrTx, id: number, values: Partial<NewSubscription>) => db.update(subscriptions).set(values).where(eq(subscriptions.id, id))

/**
 * Writes a subscription as the provider last described it: a new row, or the row brought up to
 * date unless it holds a newer event already or the subscription ended (webhooks arrive late,
 * twice or out of order; the latest word wins).
 */
export const upsertFromProvider = (tx: DbOrTx, values: NewSubscription & { schedule_id: string | null; plan_id: string }, at: Date) =>
  tx
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.subscription_id,
      set: {
        plan_id: values.plan_id,
        schedule_id: values.schedule_id,
        // a pending plan change lasts while its schedule does, until the renewal that brings it
        next_plan_id: values.schedule_id === null ? null : sql`CASE WHEN ${subscriptions.next_plan_id} = ${values.plan_id} THEN NULL ELSE ${subscriptions.next_plan_id} END`,
        provider_status: values.provider_status,
        cancel_at_period_end: values.cancel_at_period_end,
        current_period_end: values.current_period_end,
        event_at: values.event_at,
        updated_at: values.updated_at,
      },
      where: and(sql`${subscriptions.event_at} <= ${at.toISOString()}::timestamptz`, sql`${subscriptions.provider_status} <> 'canceled'`),
    })
