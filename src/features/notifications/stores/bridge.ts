import type { Notification } from '../../../../contract/notification'

export interface BridgeFacts {
  /** running from the home screen (`display-mode: standalone`) */
  installed: boolean
  permission: NotificationPermission | 'unsupported'
  /** this device has a push subscription: the service worker shows the message itself */
  subscribed: boolean
  visibility: DocumentVisibilityState
}

/**
 * Whether a message that came in real time is shown as a system notification by the page: only
 * for the installed app, allowed to notify, without push on this device (with push, the service
 * worker shows it, and it must not appear twice), while the app is not on screen.
 */
export const shouldBridge = (facts: BridgeFacts): boolean =>
  facts.installed && facts.permission === 'granted' && !facts.subscribed && facts.visibility === 'hidden'

/** The same tag as the web push of that message: the system keeps one of the two at most. */
export const notificationTag = (id: number): string => `notification-${id}`

export const APP_ICON = '/icons/icon-192.png'

export function bridgeNotification(registration: ServiceWorkerRegistration, notification: Notification, url: string): Promise<void> {
  return registration.showNotification(notification.title, {
    body: notification.content,
    tag: notificationTag(notification.id),
    icon: APP_ICON,
    badge: APP_ICON,
    data: { url },
  })
}
