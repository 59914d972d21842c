import { proxy } from 'valtio'
import type { Locale } from '../../../../contract/constants'
import { currentPushSubscription, notificationPermission, pushSupported, subscribePush } from '@/lib/push'
import { deletePushSubscription } from '../api/delete-push-subscription'
import { savePushSubscription, subscriptionInput } from '../api/save-push-subscription'

export interface PushDeviceState {
  /** the subscription of this device has been looked up */
  checked: boolean
  /** this device receives the member's web push */
  subscribed: boolean
  permission: NotificationPermission | 'unsupported'
}

export const pushDevice = proxy<PushDeviceState>({ checked: false, subscribed: false, permission: 'default' })

async function refresh(): Promise<PushSubscription | null> {
  const subscription = await currentPushSubscription().catch(() => null)
  pushDevice.subscribed = subscription !== null
  pushDevice.permission = notificationPermission()
  pushDevice.checked = true
  return subscription
}

export const checkPushDevice = (): Promise<unknown> => refresh()

/** At every start while signed in: the shop is told this device's subscription again (it may have rotated, or been lost). */
export async function resendPushSubscription(locale: Locale): Promise<void> {
  const subscription = await refresh()
  if (subscription) await savePushSubscription(subscriptionInput(subscription), locale)
}

export type TurnOnResult = 'on' | 'denied' | 'unsupported'

/** Asks the browser (from a click), subscribes this device and tells the shop. */
export async function turnPushOn(vapidPublicKey: string, locale: Locale): Promise<TurnOnResult> {
  if (!pushSupported()) return 'unsupported'
  const subscription = await subscribePush(vapidPublicKey)
  pushDevice.permission = notificationPermission()
  if (!subscription) return pushDevice.permission === 'granted' ? 'unsupported' : 'denied'
  try {
    await savePushSubscription(subscriptionInput(subscription), locale)
  } catch (error) {
    // the shop does not know it: a subscription nobody sends to would only mislead the switch
    await subscription.unsubscribe().catch(() => undefined)
    throw error
  }
  pushDevice.subscribed = true
  return 'on'
}

/**
 * Stops push on this device: the shop forgets the subscription (while the token still works) and
 * the browser drops it, so the push service refuses any message still sent to it.
 */
export async function turnPushOff(locale: Locale, { tellShop = true } = {}): Promise<void> {
  const subscription = await currentPushSubscription().catch(() => null)
  if (!subscription) {
    pushDevice.subscribed = false
    return
  }
  try {
    if (tellShop) await deletePushSubscription(subscription.endpoint, locale)
  } finally {
    await subscription.unsubscribe().catch(() => undefined)
    pushDevice.subscribed = false
  }
}
