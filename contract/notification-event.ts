import * as v from 'valibot'
import type { Locale } from './constants'
import { NotificationSchema, type Notification } from './notification'

/** What a notification says in one language. */
export const NotificationWordsSchema = v.object({ title: v.string(), content: v.string(), product_name: v.optional(v.string()) })
export type NotificationWords = v.InferOutput<typeof NotificationWordsSchema>

/**
 * What travels on `private-User.{id}.Notification` as the `SendNotification` event: Laravel's
 * shape (the notification under `data`, in the member's own language) and its words in each of
 * the shop's languages, so that an open page shows it in the page's language, as the message list
 * it sits in, whatever language the member's profile keeps.
 */
export const NotificationEventSchema = v.object({
  data: NotificationSchema,
  translations: v.optional(v.object({ zh_tw: NotificationWordsSchema, en: NotificationWordsSchema, ja: NotificationWordsSchema })),
})
export type NotificationEvent = v.InferOutput<typeof NotificationEventSchema>

/** The event's notification in `locale`: its own words when the event carries no translation (an older server). */
export function notificationIn(event: NotificationEvent, locale: Locale): Notification {
  const words = event.translations?.[locale]
  if (!words) return event.data
  const { product_name: _inMemberLanguage, ...rest } = event.data.notification
  return {
    ...event.data,
    title: words.title,
    content: words.content,
    notification: words.product_name === undefined ? rest : { ...rest, product_name: words.product_name },
  }
}
