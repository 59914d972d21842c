import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { NotificationTypeInfoSchema } from '../../../../contract/notification'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import type * as v from 'valibot'

export type NotificationTypeInfo = v.InferOutput<typeof NotificationTypeInfoSchema>

/** The kinds of notification with their names in the language asked for, and whether each can be switched off. */
export const getNotificationTypes = (locale: Locale, signal?: AbortSignal): Promise<NotificationTypeInfo[]> =>
  apiGet<{ data: NotificationTypeInfo[] }>('/notification-type', { locale, signal }).then((r) => r.data)

export const notificationTypesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['notification-types', locale],
    queryFn: ({ signal }) => getNotificationTypes(locale, signal),
    staleTime: 60 * 60_000,
  })

export const useNotificationTypes = () => useQuery(notificationTypesQueryOptions(useLocale()))
