import { NOTIFICATION_HEAD_SIZE, type Notification } from '../../../../contract/notification'
import type { Paged } from '../../../../contract/page'

export interface HeadState {
  /** the newest page in the query cache, if it was fetched */
  head: Paged<Notification> | undefined
  /** the unread count in the query cache, if it was fetched */
  count: number | undefined
}

/**
 * A notification that arrived in real time: on top of the head list (kept at
 * NOTIFICATION_HEAD_SIZE), total and unread count one more. The same id twice (Pusher may deliver
 * again after a reconnect, the refetch may already have it) changes nothing: `fresh` is false.
 */
export function receive(state: HeadState, notification: Notification, seen: Set<number>): HeadState & { fresh: boolean } {
  if (seen.has(notification.id) || state.head?.data.some((n) => n.id === notification.id)) return { ...state, fresh: false }
  seen.add(notification.id)
  const head = state.head
    ? (() => {
        const total = state.head.total + 1
        return {
          ...state.head,
          data: [notification, ...state.head.data].slice(0, NOTIFICATION_HEAD_SIZE),
          total,
          last_page: Math.max(1, Math.ceil(total / (state.head.per_page || NOTIFICATION_HEAD_SIZE))),
        }
      })()
    : undefined
  const count = state.count === undefined || notification.is_read ? state.count : state.count + 1
  return { head, count, fresh: true }
}

/** A shop path of a notification (no language prefix) with the page's prefix, or null for a path that is not the shop's. */
export function localizedUrl(url: string | null, prefix: string | undefined): string | null {
  if (url === null || !url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return null
  return prefix ? `/${prefix}${url === '/' ? '' : url}` : url
}
