import { ORDER_NOTIFICATION_TYPES, type NotificationMode, type NotificationType } from '../../../contract/notification'
import type { DbOrTx } from '../../db/client'
import { ORDER_MAIL_KINDS } from './order-mails'
import { pushDueAt } from './quiet-hours'
import * as repo from './repo'
import type { StoredPayload } from './texts'

export interface NewNotification {
  userId: number
  type: NotificationType
  payload: StoredPayload
  /** a shop path without the language prefix; null: the message page */
  url: string | null
  image?: string | null
  /** the same key twice writes one notification (a retried webhook, a second sweep) */
  dedupeKey: string
}

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
    const prefs = await repo.preferencesOfMany(tx, [...new Set(chunk.map((n) => n.userId))])
    const outgoing: repo.Outgoing[] = []
    for (const n of chunk) {
      const pref = prefs.get(n.userId)!
      const mode = modeOf(pref.modes, n.type)
      if (mode === 'off') continue
      const deliveries: repo.Outgoing['deliveries'] = [{ channel: 'realtime', due_at: now }]
      if (mode === 'push') deliveries.push({ channel: 'push', due_at: pushDueAt(now, pref.quiet) })
      if (MAILED.includes(n.type)) deliveries.push({ channel: 'mail', due_at: now })
      outgoing.push({ row: { user_id: n.userId, type: n.type, payload: n.payload, url: n.url, image: n.image ?? null, dedupe_key: n.dedupeKey, created_at: now }, deliveries })
    }
    for (const [key, id] of await repo.insertNotifications(tx, outgoing)) written.set(key, id)
  }
  return written
}

/** One notification (see notifyMany); answers its id, or undefined when it was off or written before. */
export const notify = async (tx: DbOrTx, notification: NewNotification, now: Date) => (await notifyMany(tx, [notification], now)).get(notification.dedupeKey)
