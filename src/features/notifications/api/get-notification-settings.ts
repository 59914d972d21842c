import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { NotificationSettings } from '../../../../contract/notification'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { NOTIFICATIONS_KEY } from './notification-keys'

/** How the member wants each kind (shop, push, off), the quiet hours, and how many devices have push on. */
export const getNotificationSettings = (locale: Locale, signal?: AbortSignal): Promise<NotificationSettings> =>
  apiGet<{ data: NotificationSettings }>('/user/notification-settings', { locale, signal }).then((r) => r.data)

export const notificationSettingsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'settings'],
    queryFn: ({ signal }) => getNotificationSettings(locale, signal),
  })

export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions(useLocale()))
