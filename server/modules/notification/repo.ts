import { and, count, desc, eq, inArray, isNull, isNotNull, lte, sql } from 'drizzle-orm'
import type { NotificationStatus, NotificationType, QuietHours } from '../../../contract/notification'
import type { DbOrTx } from '../../db/client'
import { trackingUrlOf } from '../../../contract/order'
import { notificationDeliveries, notificationPreferences, notifications, orderLines, orders, pushSubscriptions, users } from '../../db/schema'
import type { OrderForMail } from './order-mails'
import { preferencesOfMany, type Preferences } from '../../core/notify'

export type { Preferences }
export type NotificationRow = typeof notifications.$inferSelect
export type DeliveryRow = typeof notificationDeliveries.$inferSelect
export type SubscriptionRow = typeof pushSubscriptions.$inferSelect


export const preferencesOf = async (db: DbOrTx, userId: number): Promise<Preferences> => (await preferencesOfMany(db, [userId])).get(userId)!


/**
 * Saves the kinds given (merged into the stored ones in the statement itself, so two changes at
 * once both stay) and the quiet hours when given.
 */
export const savePreferences = (db: DbOrTx, userId: number, change: { modes: Preferences['modes']; quiet?: QuietHours }, now: Date) => {
  const quiet = change.quiet ? { quiet_enabled: change.quiet.enabled, quiet_start: change.quiet.start, quiet_end: change.quiet.end, time_zone: change.quiet.time_zone } : {}
  return db
    .insert(notificationPreferences)
    .values({ user_id: userId, modes: change.modes, ...quiet, updated_at: now })
    .onConflictDoUpdate({ target: notificationPreferences.user_id, set: { modes: sql`${notificationPreferences.modes} || excluded.modes`, ...quiet, updated_at: now } })
}



const ofMember = (userId: number, filters: { type?: NotificationType; status?: NotificationStatus }) =>
  and(
    eq(notifications.user_id, userId),
    filters.type ? eq(notifications.type, filters.type) : undefined,
    filters.status === 'unread' ? isNull(notifications.read_at) : filters.status === 'read' ? isNotNull(notifications.read_at) : undefined,
  )

export async function pageOf(db: DbOrTx, userId: number, filters: { type?: NotificationType; status?: NotificationStatus }, page: number, perPage: number) {
  const where = ofMember(userId, filters)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(notifications).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function unreadCount(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)))
  return row?.n ?? 0
}

/** Marks one of the member's notifications read (once: the first time stays); undefined when it is not the member's. */
export async function markRead(db: DbOrTx, userId: number, id: number, now: Date) {
  const [row] = await db
    .update(notifications)
    .set({ read_at: sql`coalesce(${notifications.read_at}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning()
  return row
}

export async function markAllRead(db: DbOrTx, userId: number, now: Date) {
  const rows = await db
    .update(notifications)
    .set({ read_at: now })
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)))
    .returning({ id: notifications.id })
  return rows.length
}

// ---- the outbox -----------------------------------------------------------------

/**
 * Claims deliveries of the channels given that are due: each claimed row's `due_at` moves a lease ahead, so another
 * server (or this one after a crash) takes it again only once the lease has passed.
 * `for update skip locked`: two dispatchers never claim the same row.
 */
export async function claimDue(db: DbOrTx, now: Date, leaseMs: number, limit: number, channels: readonly DeliveryRow['channel'][]) {
  const due = db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(and(isNull(notificationDeliveries.done_at), lte(notificationDeliveries.due_at, now), inArray(notificationDeliveries.channel, [...channels])))
    .orderBy(notificationDeliveries.due_at)
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(notificationDeliveries)
    .set({ due_at: new Date(now.getTime() + leaseMs), attempts: sql`${notificationDeliveries.attempts} + 1` })
    .where(inArray(notificationDeliveries.id, due))
    .returning()
}

/** A claim is this pass's while `attempts` is what the claim made it: a pass that outlived its lease changes nothing of the next claim's. */
const stillClaimed = (delivery: DeliveryRow) => and(eq(notificationDeliveries.id, delivery.id), eq(notificationDeliveries.attempts, delivery.attempts), isNull(notificationDeliveries.done_at))

export const finishDelivery = (db: DbOrTx, delivery: DeliveryRow, now: Date, error: string | null = null) =>
  db.update(notificationDeliveries).set({ done_at: now, last_error: error }).where(stillClaimed(delivery))

export const retryDelivery = (db: DbOrTx, delivery: DeliveryRow, dueAt: Date, error: string) =>
  db.update(notificationDeliveries).set({ due_at: dueAt, last_error: error.slice(0, 500) }).where(stillClaimed(delivery))

/** A subscription took the push: a retry of this delivery skips it. */
export const recordSentTo = (db: DbOrTx, deliveryId: number, subscriptionId: number) =>
  db
    .update(notificationDeliveries)
    .set({ sent_to: sql`array_append(${notificationDeliveries.sent_to}, ${subscriptionId}::integer)` })
    .where(eq(notificationDeliveries.id, deliveryId))

export async function notificationsWithMembers(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return []
  return db
    .select({ notification: notifications, locale: users.locale })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.user_id))
    .where(inArray(notifications.id, ids))
}

// ---- push subscriptions ---------------------------------------------------------

/** Saves a browser's subscription for the member; the same endpoint seen again (a new key, another member on that browser) is replaced. */
export const saveSubscription = (db: DbOrTx, row: typeof pushSubscriptions.$inferInsert) =>
  db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { user_id: row.user_id, p256dh: row.p256dh, auth: row.auth, created_at: row.created_at } })

/** Keeps a member's newest `keep` subscriptions; older ones are deleted. */
export async function trimSubscriptions(db: DbOrTx, userId: number, keep: number) {
  const newest = db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.user_id, userId)).orderBy(desc(pushSubscriptions.created_at), desc(pushSubscriptions.id)).limit(keep)
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.user_id, userId), sql`${pushSubscriptions.id} not in (${newest})`))
}

export const deleteSubscription = (db: DbOrTx, userId: number, endpoint: string) =>
  db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.user_id, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id })

/** A push service answered that the subscription is gone (404, 410): deleted by its endpoint, whoever it belonged to. */
export const forgetEndpoint = (db: DbOrTx, endpoint: string) => db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))

export const subscriptionsOf = (db: DbOrTx, userId: number) => db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, userId))

export async function subscriptionCount(db: DbOrTx, userId: number) {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.user_id, userId))
  return row?.n ?? 0
}

export const markSent = (db: DbOrTx, id: number, now: Date) => db.update(pushSubscriptions).set({ last_sent_at: now }).where(eq(pushSubscriptions.id, id))

// ---- order mails -----------------------------------------------------------------

/** An order of the member as its mails show it (lines, totals, recipient, invoice), with the member's address; undefined when gone. */
export async function orderForMail(db: DbOrTx, userId: number, orderNo: string): Promise<OrderForMail | undefined> {
  const [row] = await db
    .select({ order: orders, email: users.email, first_name: users.first_name, last_name: users.last_name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.user_id))
    .where(and(eq(orders.no, orderNo), eq(orders.user_id, userId)))
  if (!row) return undefined
  const lines = await db.select().from(orderLines).where(eq(orderLines.order_id, row.order.id)).orderBy(orderLines.id)
  const { order } = row
  return {
    no: order.no,
    to: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    lines: lines.map((l) => ({ name: l.name, variant_label: l.variant_label, unit_price: l.unit_price, quantity: l.quantity })),
    subtotal: order.subtotal,
    discount: order.discount,
    couponCode: order.coupon_code,
    logisticsFee: order.logistics_fee,
    tax: order.tax,
    amount: order.amount,
    recipient: order.recipient,
    pickupStore: order.pickup_store,
    invoice: order.invoice,
    carrier: order.carrier,
    trackingNo: order.tracking_no,
    trackingUrl: trackingUrlOf(order.carrier, order.tracking_no),
  }
}

/** Where a member's mail goes and how it greets them; undefined when the member is gone. */
export async function memberForMail(db: DbOrTx, userId: number) {
  const [row] = await db.select({ to: users.email, firstName: users.first_name, lastName: users.last_name }).from(users).where(eq(users.id, userId))
  return row
}
