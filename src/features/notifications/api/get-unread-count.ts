import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { NOTIFICATIONS_KEY } from './notification-keys'

export const getUnreadCount = (locale: Locale, signal?: AbortSignal): Promise<number> =>
  apiGet<{ data: { data: { count: number } } }>('/user/unread_notification_count', { locale, signal }).then((r) => r.data.data.count)

/** The same in every language: one key for all. */
export const unreadCountKey = [...NOTIFICATIONS_KEY, 'unread-count'] as const

export const unreadCountQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: unreadCountKey,
    queryFn: ({ signal }) => getUnreadCount(locale, signal),
    staleTime: 30_000,
  })

export const useUnreadCount = (enabled = true) => useQuery({ ...unreadCountQueryOptions(useLocale()), enabled })
