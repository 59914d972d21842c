import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError } from './api-client'
import { i18n } from './i18n'

/**
 * Web push in this browser: whether it can, this device's subscription, subscribing with the
 * shop's VAPID key. Talking to the shop about the subscription is the notifications feature's.
 */

/** What the browser offers: push needs a service worker and PushManager (iPhone/iPad: only once installed). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

/** The browser's permission for notifications, or 'unsupported'. */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

/** The service worker's registration once it is active; undefined without one (development, unsupported). */
export async function activeRegistration(timeoutMs = 5_000): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined
  const registration = await navigator.serviceWorker.getRegistration()
  if (!registration) return undefined
  if (registration.active) return registration
  return Promise.race([navigator.serviceWorker.ready, new Promise<undefined>((resolve) => setTimeout(resolve, timeoutMs))])
}

/** This device's push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null
  const registration = await activeRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** A base64url VAPID public key as the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=')
  const binary = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/**
 * Asks the browser's permission (if not yet given) and subscribes this device. Must run from a
 * click: browsers refuse a permission request without a user gesture. Resolves null when refused.
 */
export async function subscribePush(vapidPublicKey: string): Promise<PushSubscription | null> {
  if (!pushSupported()) return null
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission
  if (permission !== 'granted') return null
  const registration = await activeRegistration()
  if (!registration) return null
  const existing = await registration.pushManager.getSubscription()
  if (existing) return existing
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(vapidPublicKey) })
}

/** The app icon's number (installed apps; Chromium, Edge, Safari on macOS and iOS 16.4+); nothing where unsupported. */
export function showAppBadge(count: number): void {
  if (typeof navigator === 'undefined') return
  const nav = navigator as Navigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> }
  try {
    const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.()
    // refused while not installed, or by the user's settings: the badge is a nicety
    void done?.catch(() => undefined)
  } catch {
    // an older implementation throwing synchronously
  }
}

/** Why subscribing this device failed, from what the browser threw (its messages are English whatever the page's language). */
export type PushFailure = 'denied' | 'unsupported' | 'network' | 'service' | 'key' | 'unknown'

/**
 * Sorts a failure of `Notification.requestPermission`, `pushManager.subscribe` or the shop's save
 * by the DOMException's name (the Push API's errors, https://w3c.github.io/push-api/#subscribe-method):
 * NotAllowedError is a refused permission ("Registration failed - permission denied");
 * NotSupportedError no push service in this browser; AbortError the push service failed
 * ("Registration failed - push service error"), which is the network when the device is offline;
 * InvalidStateError / InvalidAccessError a subscription made with another key, or a bad key.
 */
export function pushFailureOf(error: unknown, online = typeof navigator === 'undefined' || navigator.onLine): PushFailure {
  const name = error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException) ? (error as Error).name : ''
  const message = error instanceof Error ? error.message : String(error)
  if (name === 'NotAllowedError' || /permission denied/i.test(message)) return 'denied'
  if (!online || name === 'NetworkError' || (name === 'TypeError' && /fetch|network/i.test(message)) || (error instanceof ApiError && error.code === 'NETWORK_ERROR')) return 'network'
  if (name === 'NotSupportedError' || /not supported|push service not available|no service worker/i.test(message)) return 'unsupported'
  if (name === 'AbortError' || /push service error/i.test(message)) return 'service'
  if (name === 'InvalidStateError' || name === 'InvalidAccessError' || /applicationServerKey/i.test(message)) return 'key'
  return 'unknown'
}

const PUSH_FAILURE_MESSAGES: Record<PushFailure, MessageDescriptor> = {
  denied: msg`Notifications are blocked for this shop in your browser's settings.`,
  unsupported: msg`This browser cannot receive push notifications.`,
  network: msg`Push notifications could not be turned on: you seem to be offline. Try again once you are connected.`,
  service: msg`Your browser's push service did not answer. Please try again in a moment.`,
  key: msg`This device's push settings are out of date. Turn push notifications off and on again.`,
  unknown: msg`Push notifications could not be turned on. Please try again.`,
}

/**
 * What to tell the shopper when push could not be turned on or off, in the page's language: the
 * shop's own refusals (ApiError) already speak it; the browser's exceptions are mapped by kind.
 */
export function pushErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code !== 'NETWORK_ERROR') return error.message
  return i18n._(PUSH_FAILURE_MESSAGES[pushFailureOf(error)])
}
