import type { Locale } from '../../../../contract/constants'
import { apiRequest } from '@/lib/api-client'

/** Forgets this device's push subscription on the shop's side (turning push off here, signing out). */
export const deletePushSubscription = (endpoint: string, locale: Locale): Promise<boolean> =>
  apiRequest<{ data: boolean }>('DELETE', '/push-subscription', { locale, body: { endpoint } }).then((r) => r.data)
