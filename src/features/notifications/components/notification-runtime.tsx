import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import * as v from 'valibot'
import type { Notification } from '../../../../contract/notification'
import { NotificationEventSchema, notificationIn } from '../../../../contract/notification-event'
import type { Paged } from '../../../../contract/page'
import type { RealtimeConfig } from '../../../../contract/realtime'
import { getAuthToken, onAuthTokenChange } from '@/lib/api-client'
import { useLocale, useLocalePrefix } from '@/lib/i18n'
import { activeRegistration, currentPushSubscription, notificationPermission, showAppBadge } from '@/lib/push'
import { connectMemberChannel } from '@/lib/realtime'
import { beforeSignOut } from '@/lib/sign-out-tasks'
import { toast } from '@/lib/toast'
import { headQueryOptions } from '../api/get-notifications'
import { unreadCountKey, useUnreadCount } from '../api/get-unread-count'
import { NOTIFICATIONS_KEY } from '../api/notification-keys'
import { bridgeNotification, shouldBridge } from '../stores/bridge'
import { localizedUrl, receive } from '../stores/head-list'
import { resendPushSubscription, turnPushOff } from '../stores/push-device'
import { messagePagePath, useOpenNotification } from './use-open-notification'
import './notifications.css'

interface NotificationRuntimeProps {
  userId: number
  /** the real-time service (GET /config); nothing real-time without it */
  realtime: RealtimeConfig | undefined
  /** told of each new notification once it is in the list (the page refreshes what it changed, e.g. an order) */
  onNotification?: (notification: Notification) => void
}

const useToken = () => useSyncExternalStore(onAuthTokenChange, getAuthToken)

const isInstalled = () =>
  (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches) || (navigator as { standalone?: boolean }).standalone === true

/**
 * What runs while a member is signed in: their channel (new messages on top of the list, the
 * count, a toast, a system notification for the installed app in the background), the app icon's
 * badge, this device's push subscription sent again, and forgotten at sign-out.
 */
export function NotificationRuntime({ userId, realtime, onNotification: told }: NotificationRuntimeProps) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const locale = useLocale()
  const prefix = useLocalePrefix()
  const token = useToken()
  const open = useOpenNotification()
  const { data: unread } = useUnreadCount()
  const seen = useRef(new Set<number>())
  // the latest of these for the socket's handlers, without reconnecting when they change
  const openLabel = t`Open message`
  const current = useRef({ locale, prefix, open, openLabel, told })
  useEffect(() => {
    current.current = { locale, prefix, open, openLabel, told }
  })

  useEffect(() => {
    if (!realtime || !token) return
    let closed = false
    let close = () => undefined as void
    const refetch = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY })
    const onNotification = (payload: unknown) => {
      const parsed = v.safeParse(NotificationEventSchema, payload)
      if (!parsed.success) return console.warn('A real-time message was not understood', parsed.issues[0]?.message)
      const { locale, prefix, open, openLabel, told } = current.current
      // the page's language, as the list it joins: the event's own words are the member's profile language
      const notification = notificationIn(parsed.output, locale)
      const headKey = headQueryOptions(locale).queryKey
      const next = receive({ head: queryClient.getQueryData<Paged<Notification>>(headKey), count: queryClient.getQueryData<number>(unreadCountKey) }, notification, seen.current)
      if (!next.fresh) return
      told?.(notification)
      if (next.head) queryClient.setQueryData(headKey, next.head)
      if (next.count !== undefined) queryClient.setQueryData(unreadCountKey, next.count)
      // other pages, filters and languages are asked again when shown
      void queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS_KEY, 'list'], predicate: (query) => query.queryHash !== queryClient.getQueryCache().find({ queryKey: headKey, exact: true })?.queryHash })
      if (!next.head) void queryClient.invalidateQueries({ queryKey: headKey })
      if (next.count === undefined) void queryClient.invalidateQueries({ queryKey: unreadCountKey })
      toast.message(
        <button type="button" className="notification-toast" onClick={() => void open(notification).then(() => toast.dismiss(`notification-${notification.id}`))}>
          <strong className="notification-toast__title">{notification.title}</strong>
          <span className="notification-toast__body">{notification.content}</span>
          <span className="visually-hidden">{openLabel}</span>
        </button>,
        { id: `notification-${notification.id}`, duration: 8_000 },
      )
      void bridge(notification, localizedUrl(notification.url, prefix) ?? messagePagePath(prefix))
    }
    void connectMemberChannel(realtime, userId, token, { onNotification, onReconnected: refetch })
      .then((connection) => {
        if (closed) connection.close()
        else close = connection.close
      })
      .catch((error: unknown) => console.warn('Real-time messages are unavailable', error))
    return () => {
      closed = true
      close()
    }
  }, [realtime, token, userId, queryClient])

  // a new token (signed in again, another member) may have missed messages: ask again
  const previousToken = useRef(token)
  useEffect(() => {
    if (previousToken.current !== token && token) void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY })
    previousToken.current = token
  }, [token, queryClient])

  useEffect(() => {
    if (unread !== undefined) showAppBadge(unread)
  }, [unread])
  // signed out: no number on the icon
  useEffect(() => () => showAppBadge(0), [])

  useEffect(() => {
    void resendPushSubscription(current.current.locale).catch((error: unknown) => console.warn('The push subscription could not be renewed', error))
    const stopSignOut = beforeSignOut(() => turnPushOff(current.current.locale))
    // a refused token cannot reach the shop: the browser drops the subscription, and the push service then refuses the shop's messages
    const stopExpiry = onAuthTokenChange((next) => {
      if (next === null) void turnPushOff(current.current.locale, { tellShop: false })
    })
    return () => {
      stopSignOut()
      stopExpiry()
    }
  }, [])

  return null
}

/** For the installed app in the background without push on this device (see shouldBridge). */
async function bridge(notification: Notification, url: string): Promise<void> {
  const subscribed = (await currentPushSubscription().catch(() => null)) !== null
  if (!shouldBridge({ installed: isInstalled(), permission: notificationPermission(), subscribed, visibility: document.visibilityState })) return
  const registration = await activeRegistration()
  if (registration) await bridgeNotification(registration, notification, url).catch((error: unknown) => console.warn('The message could not be shown', error))
}
