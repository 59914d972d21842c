import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto'

/**
 * The parts of the Pusher Channels protocol (version 7) and HTTP API that the embedded server
 * speaks: names, limits and signatures as pusher.com documents them
 * (pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol, .../rest-api,
 * .../auth-signatures).
 */

export interface PusherApp {
  id: string
  key: string
  secret: string
}

/** Close codes: 4000-4099 do not reconnect, 4100-4199 reconnect after a pause, 4200-4299 reconnect at once. */
export const CLOSE = {
  APP_NOT_FOUND: 4001,
  PATH_NOT_FOUND: 4005,
  INVALID_VERSION: 4006,
  UNSUPPORTED_PROTOCOL: 4007,
  NO_PROTOCOL: 4008,
  /** the server, or the client's address, holds all the connections it may (decision 60) */
  OVER_CAPACITY: 4100,
  /** the connection held no subscription for the grace period; Pusher leaves 4101-4199 unassigned (decision 60) */
  NO_SUBSCRIPTION: 4101,
  RECONNECT: 4200,
  PONG_NOT_RECEIVED: 4201,
  CLOSED_AFTER_INACTIVITY: 4202,
  CLIENT_EVENT_RATE_LIMIT: 4301,
} as const

/** Pusher's published limits. */
export const LIMITS = {
  /** channel names: letters, digits and `_-=@,.;`, at most 164 characters */
  channelName: /^[A-Za-z0-9_\-=@,.;]{1,164}$/,
  eventNameLength: 200,
  /** an event's data, and a message from a client */
  dataBytes: 10 * 1024,
  /** channels one trigger may name */
  channelsPerTrigger: 100,
  /** events in one batch */
  eventsPerBatch: 10,
  /** client events one connection may send per second */
  clientEventsPerSecond: 10,
  /** seconds either side of the server's clock an HTTP API request's auth_timestamp may be */
  timestampSkewSeconds: 600,
} as const

export const isChannelName = (name: unknown): name is string => typeof name === 'string' && LIMITS.channelName.test(name)
export const isPrivate = (channel: string) => channel.startsWith('private-')
export const isPresence = (channel: string) => channel.startsWith('presence-')
export const isEncrypted = (channel: string) => channel.startsWith('private-encrypted-')

/** `123456.7890123`: what pusher-js expects (two whole numbers joined by a dot). */
export const newSocketId = () => `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`
export const isSocketId = (id: unknown): id is string => typeof id === 'string' && /^\d{1,20}\.\d{1,20}$/.test(id)

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex')

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** The `auth` a subscription to a private or presence channel carries: `key:HMAC-SHA256(secret, socket_id:channel[:channel_data])`. */
export const channelAuth = (app: PusherApp, socketId: string, channel: string, channelData?: string) =>
  `${app.key}:${hmac(app.secret, channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`)}`

export const isChannelAuthValid = (app: PusherApp, auth: unknown, socketId: string, channel: string, channelData?: string) =>
  typeof auth === 'string' && sameText(auth, channelAuth(app, socketId, channel, channelData))

/**
 * Checks an HTTP API request's signature: `auth_signature` = HMAC-SHA256(secret, "METHOD\nPATH\nQUERY")
 * where QUERY is every other parameter, keys lower-cased and sorted, joined as `k=v&...`; the body's
 * MD5 travels as `body_md5`. Answers why it is refused, or undefined when it is good.
 */
export function refuseSignature(app: PusherApp, method: string, path: string, query: URLSearchParams, body: string, nowSeconds: number): string | undefined {
  const params = new Map<string, string>()
  for (const [key, value] of query) {
    const lower = key.toLowerCase()
    if (params.has(lower)) return `Duplicate parameter ${lower}`
    params.set(lower, value)
  }
  if (params.get('auth_key') !== app.key) return 'Unknown auth_key'
  if (params.get('auth_version') !== '1.0') return 'auth_version must be 1.0'
  const timestamp = Number(params.get('auth_timestamp'))
  if (!/^\d{1,12}$/.test(params.get('auth_timestamp') ?? '') || Math.abs(nowSeconds - timestamp) > LIMITS.timestampSkewSeconds) {
    return `Timestamp expired: given ${params.get('auth_timestamp') ?? 'none'}, now ${nowSeconds}`
  }
  if (body.length > 0 && params.get('body_md5') !== createHash('md5').update(body).digest('hex')) return 'body_md5 does not match the body'
  const signature = params.get('auth_signature')
  params.delete('auth_signature')
  const canonical = [...params.keys()]
    .sort()
    .map((key) => `${key}=${params.get(key)}`)
    .join('&')
  const expected = hmac(app.secret, `${method.toUpperCase()}\n${path}\n${canonical}`)
  if (typeof signature !== 'string' || !sameText(signature, expected)) return 'Invalid signature: you should have sent HmacSHA256Hex(string_to_sign, secret)'
  return undefined
}

/** A frame as it travels on the socket: `data` is a string of JSON for events, an object for Pusher's own. */
export interface Frame {
  event: string
  channel?: string
  data?: unknown
  user_id?: string
}
