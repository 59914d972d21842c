import type { PushMessage } from '../contract/push'
import { SW_MESSAGES } from './routes'

declare let self: ServiceWorkerGlobalScope

/** A push as it may arrive: the shop's message (contract/push.ts), every field checked before use (an older server, a stray push). */
type PushPayload = Partial<Omit<PushMessage, 'type'>> & { type?: string }

/** Not in TypeScript's lib yet, supported by Chromium */
type ShownOptions = NotificationOptions & { image?: string }

const APP_ICON = '/icons/icon-192.png'

/** Said when a push cannot be read: the browser shows something anyway (userVisibleOnly), so it should make sense. */
const GENERIC = {
  'zh-TW': { title: '日本伴手禮小舖', body: '您有一則新訊息。', prefix: '' },
  en: { title: 'Japan Souvenir Shop', body: 'You have a new message.', prefix: '/en' },
  ja: { title: '日本のおみやげ小舗', body: '新しいメッセージがあります。', prefix: '/ja' },
} as const

function genericFor(language: string) {
  if (/^ja/i.test(language)) return { ...GENERIC.ja, lang: 'ja' }
  if (/^zh/i.test(language)) return { ...GENERIC['zh-TW'], lang: 'zh-Hant-TW' }
  return { ...GENERIC.en, lang: 'en' }
}

/** A path of this shop, or null (another origin, a protocol-relative trick). */
export function shopPath(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null
  try {
    const url = new URL(value, origin)
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null
  } catch {
    return null
  }
}

function readPayload(data: PushMessageData | null): PushPayload | null {
  try {
    const payload: unknown = data?.json()
    return payload && typeof payload === 'object' && typeof (payload as PushPayload).title === 'string' ? (payload as PushPayload) : null
  } catch {
    return null
  }
}

async function showPush(data: PushMessageData | null): Promise<void> {
  const payload = readPayload(data)
  const origin = self.location.origin
  if (payload) {
    const options: ShownOptions = {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: payload.icon || APP_ICON,
      badge: payload.badge || APP_ICON,
      tag: payload.tag || (payload.id !== undefined ? `notification-${payload.id}` : undefined),
      lang: payload.lang,
      data: { url: shopPath(payload.url, origin) ?? '/user/message' },
    }
    if (payload.image) options.image = payload.image
    await self.registration.showNotification(payload.title!, options)
  } else {
    const generic = genericFor(self.navigator.language)
    await self.registration.showNotification(generic.title, { body: generic.body, icon: APP_ICON, badge: APP_ICON, lang: generic.lang, tag: 'notification-unknown', data: { url: `${generic.prefix}/user/message` } })
  }
  await flagAppBadge()
}

/**
 * The worker does not know the unread count (it holds no token): it marks the app icon while no
 * window shows the shop, and the page sets the real number when it opens.
 */
async function flagAppBadge(): Promise<void> {
  const nav = self.navigator as WorkerNavigator & { setAppBadge?: (count?: number) => Promise<void> }
  if (!nav.setAppBadge) return
  const windows = await self.clients.matchAll({ type: 'window' })
  if (windows.some((client) => client.visibilityState === 'visible')) return
  await nav.setAppBadge().catch(() => undefined)
}

/** Brings a window of the shop forward and shows `path` there (through the page's router), or opens one. */
async function openShopPage(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const own = windows.filter((client) => new URL(client.url).origin === self.location.origin)
  const client = own.find((c) => c.focused) ?? own.find((c) => c.visibilityState === 'visible') ?? own[0]
  if (client) {
    const focused = await client.focus().catch(() => client)
    focused.postMessage({ type: SW_MESSAGES.navigate, url: path })
    return
  }
  await self.clients.openWindow(new URL(path, self.location.origin).href)
}

export function listenForNotifications(): void {
  // userVisibleOnly: every push shows a notification, even one that cannot be read
  self.addEventListener('push', (event: PushEvent) => event.waitUntil(showPush(event.data)))
  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close()
    const data = event.notification.data as { url?: unknown } | null
    event.waitUntil(openShopPage(shopPath(data?.url, self.location.origin) ?? '/'))
  })
}
