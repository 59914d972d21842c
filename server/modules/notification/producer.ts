import { ORDER_NOTIFICATION_TYPES, type NotificationMode, type NotificationType } from '../../../contract/notification'
import type { DbOrTx } from '../../db/client'
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

/** Every kind is in the shop and by push until the member chooses otherwise. */
export const DEFAULT_MODE: NotificationMode = 'push'

export const modeOf = (modes: Partial<Record<NotificationType, NotificationMode>>, type: NotificationType): NotificationMode => {
  const mode = modes[type] ?? DEFAULT_MODE
  // order kinds always reach the message centre, whatever an old row says
  return mode === 'off' && ORDER_NOTIFICATION_TYPES.includes(type) ? 'shop' : mode
}

/**
 * Writes a notification in the caller's transaction, with its outbox rows: the member's real-time
 * channel at once, web push at once or when the member's quiet hours end. Nothing is sent here:
 * the dispatcher delivers after the commit, so a rolled-back change tells nobody anything.
 * Answers the notification's id, or undefined when the member switched the kind off or the dedupe
 * key was written before.
 */
export async function notify(tx: DbOrTx, notification: NewNotification, now: Date) {
  const prefs = await repo.preferencesOf(tx, notification.userId)
  const mode = modeOf(prefs.modes, notification.type)
  if (mode === 'off') return undefined
  const deliveries: { channel: 'realtime' | 'push'; due_at: Date }[] = [{ channel: 'realtime', due_at: now }]
  if (mode === 'push') deliveries.push({ channel: 'push', due_at: pushDueAt(now, prefs.quiet) })
  return repo.insertNotification(
    tx,
    {
      user_id: notification.userId,
      type: notification.type,
      payload: notification.payload,
      url: notification.url,
      image: notification.image ?? null,
      dedupe_key: notification.dedupeKey,
      created_at: now,
    },
    deliveries,
  )
}
