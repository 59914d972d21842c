import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import { apiPost } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { NOTIFICATIONS_KEY } from './notification-keys'

/** Marks every notification of the member read; answers how many changed. */
export const markAllNotificationsRead = (locale: Locale): Promise<number> =>
  apiPost<{ data: { updated: number } }>('/notification/read-all', undefined, { locale }).then((r) => r.data.updated)

export function useMarkAllNotificationsRead() {
  const locale = useLocale()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => markAllNotificationsRead(locale),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  })
}
