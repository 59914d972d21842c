import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import type { Notification } from '../../../../contract/notification'
import { useLocalePrefix } from '@/lib/i18n'
import { useMarkNotificationRead } from '../api/mark-notification-read'
import { localizedUrl } from '../stores/head-list'

/** The message page in the current language. */
export const messagePagePath = (prefix: string | undefined): string => (prefix ? `/${prefix}/user/message` : '/user/message')

/**
 * Opening a notification: it is marked read and the lists and count are fetched again, then its
 * page opens in the current language (the message page when it has none). Offline, it still opens.
 */
export function useOpenNotification() {
  const router = useRouter()
  const prefix = useLocalePrefix()
  const { mutateAsync: markRead } = useMarkNotificationRead()
  return useCallback(
    async (notification: Pick<Notification, 'id' | 'url' | 'is_read'>) => {
      if (!notification.is_read) await markRead(notification.id).catch(() => undefined)
      await router.navigate({ href: localizedUrl(notification.url, prefix) ?? messagePagePath(prefix) })
    },
    [markRead, prefix, router],
  )
}
