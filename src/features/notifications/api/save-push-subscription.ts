import type { Locale } from '../../../../contract/constants'
import type { PushSubscriptionInput } from '../../../../contract/notification'
import { apiPost } from '@/lib/api-client'
import { NOTIFICATIONS_KEY } from './notification-keys'

/** Tells the shop this device's push subscription (idempotent: sent again on every start). */
export const savePushSubscription = (subscription: PushSubscriptionInput, locale: Locale): Promise<string> =>
  apiPost<{ data: { endpoint: string } }>('/push-subscription', subscription, { locale }).then((r) => r.data.endpoint)

/** `PushSubscription.toJSON()` in the contract's shape. */
export function subscriptionInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON()
  return { endpoint: json.endpoint ?? subscription.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } }
}

/** The settings count the member's devices with push on: refreshed after a change. */
export const PUSH_DEVICES_KEY = [...NOTIFICATIONS_KEY, 'settings'] as const
