import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { NotificationSettings, NotificationSettingsInput } from '../../../../contract/notification'
import { apiPut } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { notificationSettingsQueryOptions } from './get-notification-settings'

/** Changes any subset of kinds and/or the quiet hours; answers the whole settings. Order kinds cannot be 'off' (400). */
export const updateNotificationSettings = (input: NotificationSettingsInput, locale: Locale): Promise<NotificationSettings> =>
  apiPut<{ data: NotificationSettings }>('/user/notification-settings', input, { locale }).then((r) => r.data)

export function useUpdateNotificationSettings() {
  const locale = useLocale()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: NotificationSettingsInput) => updateNotificationSettings(input, locale),
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQueryOptions(locale).queryKey, settings),
  })
}
