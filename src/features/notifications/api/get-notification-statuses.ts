import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { NotificationStatusInfoSchema } from '../../../../contract/notification'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import type * as v from 'valibot'

export type NotificationStatusInfo = v.InferOutput<typeof NotificationStatusInfoSchema>

/** 'unread' and 'read' with their names in the language asked for (the filter's choices). */
export const getNotificationStatuses = (locale: Locale, signal?: AbortSignal): Promise<NotificationStatusInfo[]> =>
  apiGet<{ data: { data: NotificationStatusInfo[] } }>('/notification-status', { locale, signal }).then((r) => r.data.data)

export const notificationStatusesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['notification-statuses', locale],
    queryFn: ({ signal }) => getNotificationStatuses(locale, signal),
    staleTime: 60 * 60_000,
  })

export const useNotificationStatuses = () => useQuery(notificationStatusesQueryOptions(useLocale()))
