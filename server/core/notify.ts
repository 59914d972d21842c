import { inArray } from 'drizzle-orm'
import { DEFAULT_QUIET_HOURS, ORDER_MAIL_KINDS, ORDER_NOTIFICATION_TYPES, type NotificationMode, type NotificationType, type QuietHours, type StoredPayloads } from '../../contract/notification'
import type { DbOrTx } from '../db/client'
import { notificationDeliveries, notificationPreferences, notifications } from '../db/schema'
import { pushDueAt } from './quiet-hours'

export interface Preferences {
  modes: Partial<Record<NotificationType, NotificationMode>>
  quiet: QuietHours
}

/** Preferences of several members at once (absent: the defaults). */
export async function preferencesOfMany(db: DbOrTx, userIds: number[]): Promise<Map<number, Preferences>> {
  const rows = userIds.length ? await db.select().from(notificationPreferences).where(inArray(notificationPreferences.user_id, userIds)) : []
  const found = new Map(rows.map((row) => [row.user_id, { modes: row.modes, quiet: { enabled: row.quiet_enabled, start: row.quiet_start, end: row.quiet_end, time_zone: row.time_zone } }]))
  return new Map(userIds.map((id) => [id, found.get(id) ?? { modes: {}, quiet: DEFAULT_QUIET_HOURS }]))
}

export interface Outgoing {
  row: typeof notifications.$inferInsert
  deliveries: { channel: (typeof notificationDeliveries.$inferInsert)['channel']; due_at: Date }[]
}

/**
 * Writes notifications and their deliveries, skipping those whose dedupe key was written before:
 * two statements however many there are. Answers the ids written, by dedupe key.
 */
export async function insertNotifications(tx: DbOrTx, outgoing: Outgoing[]) {
  if (outgoing.length === 0) return new Map<string, number>()
  const written = await tx
    .insert(notifications)
    .values(outgoing.map((o) => o.row))
    .onConflictDoNothing({ target: notifications.dedupe_key })
    .returning({ id: notifications.id, dedupe_key: notifications.dedupe_key })
  const ids = new Map(written.map((w) => [w.dedupe_key, w.id]))
  const deliveries = outgoing.flatMap((o) => {
    const id = ids.get(o.row.dedupe_key)
    return id === undefined ? [] : o.deliveries.map((d) => ({ ...d, notification_id: id, created_at: o.row.created_at }))
  })
  if (deliveries.length) await tx.insert(notificationDeliveries).values(deliveries)
  return ids
}

/** A notification of one kind, with that kind's payload (contract/notification.ts, StoredPayloads). */
export type NewNotification = {
  [K in NotificationType]: {
    userId: number
    type: K
    payload: StoredPayloads[K]
    /** a shop path without the language prefix; null: the message page */
    url: string | null
    image?: string | null
    /** the same key twice writes one notification (a retried webhook, a second sweep) */
    dedupeKey: string
  }
}[NotificationType]

/**
 * Kinds that also go by mail (decision 57): an order paid, shipped or delivered whatever the member
 * chose for the shop; a granted coupon and a review invitation unless the member switched the kind off.
 */
const MAILED: readonly NotificationType[] = [...ORDER_MAIL_KINDS, 'coupon_granted', 'review_invite']

/** Every kind is in the shop and by push until the member chooses otherwise. */
export const DEFAULT_MODE: NotificationMode = 'push'

export const modeOf = (modes: Partial<Record<NotificationType, NotificationMode>>, type: NotificationType): NotificationMode => {
  const mode = modes[type] ?? DEFAULT_MODE
  // order kinds always reach the message centre, whatever an old row says
  return mode === 'off' && ORDER_NOTIFICATION_TYPES.includes(type) ? 'shop' : mode
}

/**
 * Writes notifications in the caller's transaction, with their outbox rows: the member's real-time
 * channel at once, web push at once or when the member's quiet hours end, a mail for the kinds
 * that have one (MAILED). Nothing is sent here:
 * the dispatcher delivers after the commit, so a rolled-back change tells nobody anything. Members
 * who switched a kind off get nothing; a dedupe key written before writes nothing. A few
 * statements however many members (a favourite's fans): the change's locks are not held for long.
 * Answers the ids written, by dedupe key.
 */
export async function notifyMany(tx: DbOrTx, notifications: NewNotification[], now: Date) {
  const written = new Map<string, number>()
  for (let i = 0; i < notifications.length; i += 500) {
    const chunk = notifications.slice(i, i + 500)
    const prefs = await preferencesOfMany(tx, [...new Set(chunk.map((n) => n.userId))])
    const outgoing: Outgoing[] = []
    for (const n of chunk) {
      const pref = prefs.get(n.userId)!
      const mode = modeOf(pref.modes, n.type)
      if (mode === 'off') continue
      const deliveries: Outgoing['deliveries'] = [{ channel: 'realtime', due_at: now }]
      if (mode === 'push') deliveries.push({ channel: 'push', due_at: pushDueAt(now, pref.quiet) })
      if (MAILED.includes(n.type)) deliveries.push({ channel: 'mail', due_at: now })
      outgoing.push({ row: { user_id: n.userId, type: n.type, payload: n.payload, url: n.url, image: n.image ?? null, dedupe_key: n.dedupeKey, created_at: now }, deliveries })
    }
    for (const [key, id] of await insertNotifications(tx, outgoing)) written.set(key, id)
  }
  return written
}

/** One notification (see notifyMany); answers its id, or undefined when it was off or written before. */
export const notify = async (tx: DbOrTx, notification: NewNotification, now: Date) => (await notifyMany(tx, [notification], now)).get(notification.dedupeKey)
