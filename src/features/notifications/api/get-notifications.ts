import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import { NOTIFICATION_HEAD_SIZE, type Notification, type NotificationStatus, type NotificationType } from '../../../../contract/notification'
import type { Paged } from '../../../../contract/page'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { NOTIFICATIONS_KEY } from './notification-keys'

export interface NotificationFilter {
  page?: number
  type?: NotificationType
  status?: NotificationStatus
}

/** One page of the member's notifications, newest first; pages hold NOTIFICATION_HEAD_SIZE, so page 1 unfiltered is the head list. */
export const getNotifications = (locale: Locale, filter: NotificationFilter, signal?: AbortSignal): Promise<Paged<Notification>> =>
  apiGet<Paged<Notification>>('/user/notification', {
    locale,
    signal,
    query: { page: filter.page ?? 1, per_page: NOTIFICATION_HEAD_SIZE, type: filter.type, status: filter.status },
  })

export const notificationListKey = (locale: Locale, filter: NotificationFilter) =>
  [...NOTIFICATIONS_KEY, 'list', locale, { page: filter.page ?? 1, type: filter.type ?? null, status: filter.status ?? null }] as const

export const notificationsQueryOptions = (locale: Locale, filter: NotificationFilter) =>
  queryOptions({
    queryKey: notificationListKey(locale, filter),
    queryFn: ({ signal }) => getNotifications(locale, filter, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

/** The newest notifications, all kinds: the header's dropdown and the real-time updates use this one. */
export const headQueryOptions = (locale: Locale) => notificationsQueryOptions(locale, {})

export const useNotifications = (filter: NotificationFilter) => useQuery(notificationsQueryOptions(useLocale(), filter))

export const useHeadNotifications = (enabled = true) => useQuery({ ...headQueryOptions(useLocale()), enabled })
