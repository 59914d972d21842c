import { LOCALES, type Locale } from '../../../contract/constants'
import { localizePathname } from '../../../contract/locale-paths'
import type { NotificationEvent, NotificationWords } from '../../../contract/notification-event'
import type { Notification } from '../../../contract/notification'
import type { PushMessage } from '../../../contract/push'
import type { NotificationRow } from './repo'
import { payloadFor, wordsOf } from './texts'

export const ICON = '/icons/icon-192.png'
export const BADGE = '/icons/icon-192.png'

/** A notification as the API and the real-time channel show it, in one language. */
export function toNotification(row: NotificationRow, locale: Locale): Notification {
  const created = row.created_at.toISOString()
  return {
    id: row.id,
    type: row.type,
    ...wordsOf(row.type, row.payload, locale),
    url: row.url,
    image: row.image,
    is_read: row.read_at !== null,
    created_at: created,
    datetime: created,
    notification: payloadFor(row.payload, locale),
  }
}

/**
 * The real-time event: the notification in the member's language (Laravel's shape) and its words in
 * every language, for a page open in another language than the member's profile.
 */
export function toNotificationEvent(row: NotificationRow, locale: Locale): NotificationEvent {
  const translations = Object.fromEntries(
    LOCALES.map((l) => {
      const { title, content, notification } = toNotification(row, l)
      const words: NotificationWords = notification.product_name === undefined ? { title, content } : { title, content, product_name: notification.product_name }
      return [l, words]
    }),
  ) as Record<Locale, NotificationWords>
  return { data: toNotification(row, locale), translations }
}

/** What the service worker shows; the tag is the notification's own, so a push and the page's bridge never show it twice. */
export function toPushMessage(row: NotificationRow, locale: Locale): PushMessage {
  const { title, content } = wordsOf(row.type, row.payload, locale)
  return {
    id: row.id,
    type: row.type,
    title,
    body: content,
    url: localizePathname(row.url ?? '/user/message', locale),
    icon: ICON,
    badge: BADGE,
    image: row.image,
    tag: `notification-${row.id}`,
    lang: locale === 'zh_tw' ? 'zh-TW' : locale,
  }
}
