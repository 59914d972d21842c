import webPush from 'web-push'
import type { NotificationType, PushConfig } from '../../../contract/notification'
import type { Config } from '../../config'
import { keptSecrets } from '../../lib/kept-secrets'

export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

/** VAPID_* when configured; otherwise a key pair generated once into DATA_DIR, signed as the shop's e-mail. */
export async function vapidKeys(config: Config): Promise<VapidKeys> {
  if (config.push.vapid) return config.push.vapid
  const keys = await keptSecrets(config.dataDir, 'vapid-keys.json', () => webPush.generateVAPIDKeys())
  return { ...keys, subject: `mailto:${config.shop.email}` }
}

export const pushConfig = (keys: VapidKeys): PushConfig => ({ vapid_public_key: keys.publicKey })

/**
 * A push endpoint is a URL the shop will POST to, named by a browser: only https, the default
 * port, and a host on the list of push services (PUSH_SERVICE_HOSTS) are accepted, so a
 * subscription cannot point the shop at its own network.
 */
export function isAllowedEndpoint(endpoint: string, hosts: readonly string[]) {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false
  const host = url.hostname.toLowerCase()
  const port = url.port
  return hosts.some((entry) => {
    const [name, entryPort = ''] = entry.toLowerCase().split(':') as [string, string?]
    // the URL parser drops the default port: host:443 and host are the same entry
    if ((entryPort === '443' ? '' : entryPort) !== port) return false
    return name.startsWith('*.') ? host.endsWith(name.slice(1)) && host.length > name.length - 1 : host === name
  })
}

/**
 * How long a push service keeps a message for an offline device, and how urgently it wakes one
 * (RFC 8030 TTL and Urgency): a reminder about to expire is worth waking for and worthless later;
 * a price drop can wait for the next time the phone is awake anyway.
 */
export const DELIVERY: Record<NotificationType, { ttlSeconds: number; urgency: 'very-low' | 'low' | 'normal' | 'high' }> = {
  order_paid: { ttlSeconds: 24 * 3600, urgency: 'normal' },
  order_shipped: { ttlSeconds: 2 * 24 * 3600, urgency: 'normal' },
  order_delivered: { ttlSeconds: 2 * 24 * 3600, urgency: 'normal' },
  payment_failed: { ttlSeconds: 3600, urgency: 'high' },
  payment_reminder: { ttlSeconds: 600, urgency: 'high' },
  favourite_restock: { ttlSeconds: 12 * 3600, urgency: 'low' },
  favourite_price_drop: { ttlSeconds: 24 * 3600, urgency: 'low' },
  referral_joined: { ttlSeconds: 3 * 24 * 3600, urgency: 'very-low' },
  coupon_granted: { ttlSeconds: 3 * 24 * 3600, urgency: 'low' },
  subscription_renewed: { ttlSeconds: 3 * 24 * 3600, urgency: 'low' },
  subscription_renewal_failed: { ttlSeconds: 3 * 24 * 3600, urgency: 'normal' },
  review_invite: { ttlSeconds: 3 * 24 * 3600, urgency: 'very-low' },
}

/** What the service worker receives (sw/sw.ts shows it). */
export interface PushMessage {
  id: number
  type: NotificationType
  title: string
  body: string
  /** a path of the shop with the member's language prefix */
  url: string
  icon: string
  badge: string
  image: string | null
  tag: string
  lang: string
}

export type PushOutcome = { ok: true } | { ok: false; gone: boolean; retry: boolean; error: string }

/**
 * Sends one encrypted message (aes128gcm) with web-push. A 404 or 410 means the subscription is
 * gone for good; another 4xx (403 after a key change, 400, 413) will not get better by trying
 * again, a 429, a 5xx or no answer may.
 */
export async function sendPush(keys: VapidKeys, subscription: { endpoint: string; p256dh: string; auth: string }, message: PushMessage): Promise<PushOutcome> {
  const delivery = DELIVERY[message.type]
  try {
    await webPush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(message), {
      vapidDetails: keys,
      TTL: delivery.ttlSeconds,
      urgency: delivery.urgency,
      contentEncoding: 'aes128gcm',
      timeout: 10_000,
    })
    return { ok: true }
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode
    const gone = status === 404 || status === 410
    const retry = status === undefined || status === 429 || status >= 500
    return { ok: false, gone, retry, error: status ? `push service answered ${status}` : (error as Error).message }
  }
}
