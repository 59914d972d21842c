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
