import https from 'node:https'
import { isIP } from 'node:net'
import type { Duplex } from 'node:stream'
import webPush from 'web-push'
import type { NotificationType, PushConfig } from '../../contract/notification'
import type { PushMessage } from '../../contract/push'
import type { Config } from '../config'
import { keptSecrets } from '../lib/kept-secrets'
import { AddressRefused, publicOnlyLookup } from '../lib/public-address'

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
 * A push endpoint that passed the checks, read by one parser once: the request goes to exactly
 * this host and port (never to a second reading of the string), through `pushAgent`.
 */
export interface PushTarget {
  /** the endpoint as sent, which is its canonical spelling */
  href: string
  hostname: string
  port: number
  /** path and query */
  path: string
  /** an IP address or `localhost` the operator listed by itself: it may be in a private network */
  listedAddress: boolean
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
/** lower-case letters, digits and inner hyphens, dot-separated: a name any URL parser reads alike */
const PLAIN_HOST = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`)

/**
 * A push endpoint is a URL the shop will POST to, named by a browser: only https, no user name,
 * and a host on the list of push services (PUSH_SERVICE_HOSTS) at its port are accepted, so a
 * subscription cannot point the shop at its own network. Only the canonical spelling passes (what
 * a browser's PushSubscription gives): Node's older `url.parse` (web-push's) read some other
 * spellings as another host than the WHATWG parser did (`https://127.0.0.2'.push.apple.com/`,
 * `https://internal-admin%2Epush.apple.com/`, decision 59). An IP address passes only where the
 * list names that address, never by a `*.` entry.
 */
export function checkEndpoint(endpoint: string, hosts: readonly string[]): PushTarget | undefined {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return undefined
  }
  if (url.href !== endpoint || url.protocol !== 'https:' || url.username || url.password || !PLAIN_HOST.test(url.hostname)) return undefined
  const host = url.hostname
  const address = isIP(host) !== 0
  const listed = hosts.find((entry) => {
    const [name, entryPort = ''] = entry.toLowerCase().split(':') as [string, string?]
    // the URL parser drops the default port: host:443 and host are the same entry
    if ((entryPort === '443' ? '' : entryPort) !== url.port) return false
    if (name.startsWith('*.')) return !address && host.endsWith(name.slice(1)) && host.length > name.length - 1
    return host === name
  })
  if (!listed) return undefined
  return { href: url.href, hostname: host, port: Number(url.port || 443), path: `${url.pathname}${url.search}`, listedAddress: address || host === 'localhost' }
}

/**
 * The agent every push goes through. Each new connection is checked where it is made: it must be
 * to the target's host and port, and a name must resolve to public addresses only (checked on
 * the addresses connected to, so a name cannot be re-pointed after its check); only a listed IP
 * address or `localhost` may be private. Keep-alive: pushes to a busy service share connections.
 */
type PushRequestOptions = https.RequestOptions & { pushTarget?: PushTarget }

class PushAgent extends https.Agent {
  override createConnection(options: PushRequestOptions, callback?: (error: Error | null, socket: Duplex) => void) {
    const target = options.pushTarget
    const refused = !target
      ? 'a push connection without its checked target'
      : options.host !== target.hostname || Number(options.port) !== target.port
        ? `a push connection to ${options.host}:${options.port}, not the checked ${target.hostname}:${target.port}`
        : isIP(target.hostname) !== 0 && !target.listedAddress
          ? `${target.hostname} is an address not listed in PUSH_SERVICE_HOSTS`
          : undefined
    if (refused) {
      callback?.(new AddressRefused(refused), undefined as never)
      return undefined
    }
    return super.createConnection(target!.listedAddress ? options : { ...options, lookup: publicOnlyLookup }, callback)
  }
}

export const pushAgent = new PushAgent({ keepAlive: true })

/**
 * How long a push service keeps a message for an offline device, and how urgently it wakes one
 * (RFC 8030 TTL and Urgency): a reminder about to expire is worth waking for and worthless later;
 * a price drop can wait for the next time the phone is awake anyway.
 */
export const DELIVERY: Record<NotificationType, { ttlSeconds: number; urgency: 'very-low' | 'low' | 'normal' | 'high' }> = {
  order_paid: { ttlSeconds: 24 * 3600, urgency: 'normal' },
  order_placed: { ttlSeconds: 24 * 3600, urgency: 'normal' },
  order_shipped: { ttlSeconds: 2 * 24 * 3600, urgency: 'normal' },
  order_delivered: { ttlSeconds: 2 * 24 * 3600, urgency: 'normal' },
  payment_failed: { ttlSeconds: 3600, urgency: 'high' },
  payment_reminder: { ttlSeconds: 600, urgency: 'high' },
  parcel_arrived: { ttlSeconds: 2 * 24 * 3600, urgency: 'high' },
  pickup_reminder: { ttlSeconds: 24 * 3600, urgency: 'high' },
  pickup_store_closed: { ttlSeconds: 2 * 24 * 3600, urgency: 'high' },
  parcel_returned: { ttlSeconds: 3 * 24 * 3600, urgency: 'normal' },
  favourite_restock: { ttlSeconds: 12 * 3600, urgency: 'low' },
  favourite_price_drop: { ttlSeconds: 24 * 3600, urgency: 'low' },
  referral_joined: { ttlSeconds: 3 * 24 * 3600, urgency: 'very-low' },
  coupon_granted: { ttlSeconds: 3 * 24 * 3600, urgency: 'low' },
  subscription_renewed: { ttlSeconds: 3 * 24 * 3600, urgency: 'low' },
  subscription_renewal_failed: { ttlSeconds: 3 * 24 * 3600, urgency: 'normal' },
  review_invite: { ttlSeconds: 3 * 24 * 3600, urgency: 'very-low' },
}


export type PushOutcome = { ok: true } | { ok: false; gone: boolean; retry: boolean; refused: boolean; error: string }

const SEND_TIMEOUT_MS = 10_000

/**
 * Sends one encrypted message (aes128gcm) to a checked target: web-push writes the request
 * (encryption, VAPID), this sends it to the target's host and port through `pushAgent`. A 404 or
 * 410 means the subscription is gone for good; another 4xx (403 after a key change, 400, 413) will
 * not get better by trying again, a 429, a 5xx or no answer may. A connection the agent refused
 * is not tried again.
 */
export async function sendPush(keys: VapidKeys, target: PushTarget, subscription: { p256dh: string; auth: string }, message: PushMessage): Promise<PushOutcome> {
  const delivery = DELIVERY[message.type]
  try {
    const details = webPush.generateRequestDetails({ endpoint: target.href, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(message), {
      vapidDetails: keys,
      TTL: delivery.ttlSeconds,
      urgency: delivery.urgency,
      contentEncoding: 'aes128gcm',
    })
    const options: PushRequestOptions = { hostname: target.hostname, port: target.port, path: target.path, method: details.method, headers: details.headers, agent: pushAgent, pushTarget: target }
    const status = await new Promise<number>((resolve, reject) => {
      const request = https.request(options, (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', reject)
      })
      request.setTimeout(SEND_TIMEOUT_MS, () => request.destroy(new Error(`the push service did not answer within ${SEND_TIMEOUT_MS / 1000} s`)))
      request.on('error', reject)
      request.end(details.body ?? undefined)
    })
    if (status >= 200 && status < 300) return { ok: true }
    const gone = status === 404 || status === 410
    const retry = status === 429 || status >= 500
    return { ok: false, gone, retry, refused: false, error: `push service answered ${status}` }
  } catch (error) {
    const refused = error instanceof AddressRefused
    return { ok: false, gone: false, retry: !refused, refused, error: (error as Error).message }
  }
}
