import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { Notification } from '../../../../contract/notification'
import { apiPost } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { NOTIFICATIONS_KEY } from './notification-keys'

/** Marks one of the member's notifications read (another member's is a 404). */
export const markNotificationRead = (id: number, locale: Locale): Promise<Notification> =>
  apiPost<{ data: Notification }>(`/notification/${id}/read`, undefined, { locale }).then((r) => r.data)

/** Resolves once the lists and the count have been fetched again. */
export function useMarkNotificationRead() {
  const locale = useLocale()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => markNotificationRead(id, locale),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  })
}
