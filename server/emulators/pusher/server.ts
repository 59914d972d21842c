import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { AddressCounter, NO_PROXY, requestAddress, type ProxyTrust } from '../../lib/client-address'
import {
  CLOSE,
  LIMITS,
  isChannelAuthValid,
  isChannelName,
  isEncrypted,
  isPresence,
  isPrivate,
  newSocketId,
  type Frame,
  type PusherApp,
} from './protocol'

export interface PusherServerOptions {
  app: PusherApp
  /** seconds of silence after which either side pings; Pusher's own is 120 */
  activityTimeoutSeconds?: number
  /** how long a ping waits for its pong before the connection is closed (4201) */
  pongTimeoutMs?: number
  /** connections the server holds at once; more are refused with 4100 (over capacity) */
  maxConnections?: number
  /** connections one client address may hold at once; more are refused with 4100 too; 0 = no cap */
  maxConnectionsPerAddress?: number
  /** how long a connection may hold no subscription before it is closed with 4101; 0 = for ever */
  subscribeGraceMs?: number
  /** proxies in front (TRUST_PROXY): the client's address is then read from X-Forwarded-For (see addressOf), not the socket's */
  trustProxy?: ProxyTrust
  /** channels one connection may be subscribed to at once */
  maxChannelsPerConnection?: number
  /** members may send `client-` events on private and presence channels (off, as on a new Pusher app) */
  clientEvents?: boolean
}

interface Connection {
  id: string
  ws: WebSocket
  /** the client's address, as counted against maxConnectionsPerAddress */
  address: string
  channels: Set<string>
  /** since when the connection has held no subscription; undefined while it holds one */
  bareSince: number | undefined
  /** presence channels: the member this connection joined as (made on the first presence subscription) */
  presence?: Map<string, { user_id: string; user_info?: unknown }>
  lastSeen: number
  pingSentAt?: number
  /** made on the first client event */
  clientEvents?: { second: number; count: number }
}

/** What a delivery answers: how many connections it reached. */
export type Publish = (channels: string[], event: string, data: string, exceptSocketId?: string) => number

/** one listener for every socket, not a closure each */
function terminate(this: WebSocket) {
  this.terminate()
}

/** How long a socket the server closes may take to answer the close frame before it is cut (ws waits 30 s). */
const CLOSING_MS = 2_000

/**
 * Closes with a Pusher code, and cuts the socket if the client does not answer in CLOSING_MS: the
 * code has reached the client by then, and a client that never answers (a flood) frees its socket.
 */
function closeSoon(ws: WebSocket, code: number, reason: string) {
  ws.close(code, reason)
  const timer = setTimeout(() => ws.terminate(), CLOSING_MS)
  timer.unref()
  ws.once('close', () => clearTimeout(timer))
}

/**
 * A Pusher protocol 7 server on the shop's own port: pusher-js (and laravel-echo over it) connect
 * to `/app/{key}`, subscribe to public, private and presence channels, and receive what the shop
 * publishes through the HTTP API (`http-api.ts`). State lives in this process only, so one server
 * instance serves one API process; several API servers use a hosted service (decision 33).
 */
export class PusherServer {
  private readonly wss: WebSocketServer
  private readonly connections = new Map<string, Connection>()
  private readonly channels = new Map<string, Set<Connection>>()
  private readonly sweep: NodeJS.Timeout
  private closing = false
  readonly activityTimeoutSeconds: number
  private readonly pongTimeoutMs: number
  private readonly maxConnections: number
  private readonly perAddress: AddressCounter
  private readonly subscribeGraceMs: number
  private readonly maxChannels: number

  constructor(private readonly options: PusherServerOptions) {
    this.activityTimeoutSeconds = options.activityTimeoutSeconds ?? 120
    this.pongTimeoutMs = options.pongTimeoutMs ?? 30_000
    this.maxConnections = options.maxConnections ?? 10_000
    this.perAddress = new AddressCounter(options.maxConnectionsPerAddress ?? 100)
    this.subscribeGraceMs = options.subscribeGraceMs ?? 30_000
    this.maxChannels = options.maxChannelsPerConnection ?? 100
    // a message over the limit closes the connection (1009) before it is read
    this.wss = new WebSocketServer({ noServer: true, maxPayload: LIMITS.dataBytes, perMessageDeflate: false, clientTracking: false })
    const every = Math.max(250, Math.min(5_000, (this.activityTimeoutSeconds * 1000) / 4, this.subscribeGraceMs > 0 ? this.subscribeGraceMs / 4 : Infinity))
    this.sweep = setInterval(() => this.checkActivity(), every)
    this.sweep.unref()
  }

  get app() {
    return this.options.app
  }

  /** connections and occupied channels right now */
  stats() {
    return { connections: this.connections.size, channels: this.channels.size }
  }

  /**
   * Takes an HTTP upgrade for `/app/{key}`; answers false for any other path, which the caller
   * then refuses. Unknown keys and protocol versions are answered the Pusher way: an error frame,
   * then a close with its code.
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const match = /^\/app\/([^/]+)$/.exec(url.pathname)
    if (!match) return false
    const address = requestAddress(request, this.options.trustProxy ?? NO_PROXY)
    this.wss.handleUpgrade(request, socket, head, (ws) => this.open(ws, decodeURIComponent(match[1]!), url.searchParams, address))
    return true
  }

  private refuse(ws: WebSocket, code: number, message: string) {
    ws.send(JSON.stringify({ event: 'pusher:error', data: { code, message } }))
    closeSoon(ws, code, message.slice(0, 120))
  }

  private open(ws: WebSocket, key: string, query: URLSearchParams, address: string) {
    if (this.closing) return this.refuse(ws, CLOSE.RECONNECT, 'Server is restarting; please reconnect.')
    if (key !== this.options.app.key) return this.refuse(ws, CLOSE.APP_NOT_FOUND, `App key ${key.slice(0, 64)} does not exist`)
    const protocol = query.get('protocol')
    if (protocol === null) return this.refuse(ws, CLOSE.NO_PROTOCOL, 'No protocol version supplied')
    if (!/^\d{1,3}$/.test(protocol)) return this.refuse(ws, CLOSE.INVALID_VERSION, 'Invalid version string format')
    if (Number(protocol) < 5 || Number(protocol) > 7) return this.refuse(ws, CLOSE.UNSUPPORTED_PROTOCOL, `Unsupported protocol version ${protocol}`)
    if (this.connections.size >= this.maxConnections) return this.refuse(ws, CLOSE.OVER_CAPACITY, 'Over capacity')
    // 4100-4199: pusher-js reconnects after a pause (1 s), so a shop behind one address gets back in as places free
    if (!this.perAddress.take(address)) return this.refuse(ws, CLOSE.OVER_CAPACITY, 'Over capacity: too many connections from your address')
    const now = Date.now()
    const connection: Connection = { id: newSocketId(), ws, address, channels: new Set(), bareSince: now, presence: undefined, lastSeen: now, pingSentAt: undefined, clientEvents: undefined }
    this.connections.set(connection.id, connection)
    ws.on('message', (raw, isBinary) => this.receive(connection, raw as Buffer, isBinary))
    ws.on('close', () => this.drop(connection))
    ws.on('error', terminate)
    this.send(connection, { event: 'pusher:connection_established', data: JSON.stringify({ socket_id: connection.id, activity_timeout: this.activityTimeoutSeconds }) })
  }

  private send(connection: Connection, frame: Frame) {
    if (connection.ws.readyState === connection.ws.OPEN) connection.ws.send(JSON.stringify(frame))
  }

  private error(connection: Connection, code: number | null, message: string) {
    this.send(connection, { event: 'pusher:error', data: { code, message } })
  }

  private receive(connection: Connection, raw: Buffer, isBinary: boolean) {
    connection.lastSeen = Date.now()
    connection.pingSentAt = undefined
    let frame: unknown
    try {
      if (isBinary) throw new Error('binary')
      frame = JSON.parse(raw.toString('utf8'))
    } catch {
      return this.error(connection, null, 'Messages must be JSON text')
    }
    if (!frame || typeof frame !== 'object' || typeof (frame as Frame).event !== 'string') return this.error(connection, null, 'A message needs an event')
    const { event, data, channel } = frame as Frame
    const fields = data && typeof data === 'object' ? (data as Record<string, unknown>) : {}
    switch (event) {
      case 'pusher:ping':
        return this.send(connection, { event: 'pusher:pong', data: {} })
      case 'pusher:pong':
        return
      case 'pusher:subscribe':
        return this.subscribe(connection, fields)
      case 'pusher:unsubscribe':
        if (typeof fields.channel === 'string') this.unsubscribe(connection, fields.channel)
        return
      default:
        if (event.startsWith('client-')) return this.clientEvent(connection, event, channel, data)
        // other events (pusher:signin, cache channels...) are not offered by this server: ignored, as Pusher ignores unknown events
        return
    }
  }

  private subscriptionError(connection: Connection, channel: string, type: string, error: string, status: number) {
    this.send(connection, { event: 'pusher:subscription_error', channel, data: { type, error, status } })
  }

  private subscribe(connection: Connection, fields: Record<string, unknown>) {
    const channel = fields.channel
    if (!isChannelName(channel)) return this.error(connection, null, 'Invalid channel name: letters, digits and _-=@,.; only, at most 164')
    if (connection.channels.has(channel)) return this.send(connection, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' })
    if (connection.channels.size >= this.maxChannels) return this.subscriptionError(connection, channel, 'LimitReached', `At most ${this.maxChannels} channels per connection`, 400)
    if (isEncrypted(channel)) return this.subscriptionError(connection, channel, 'UnsupportedChannel', 'Encrypted channels are not offered by this server', 400)
    let member: { user_id: string; user_info?: unknown } | undefined
    if (isPrivate(channel) || isPresence(channel)) {
      const channelData = isPresence(channel) ? fields.channel_data : undefined
      if (isPresence(channel) && typeof channelData !== 'string') return this.subscriptionError(connection, channel, 'AuthError', 'Presence channels need channel_data', 401)
      if (!isChannelAuthValid(this.options.app, fields.auth, connection.id, channel, channelData as string | undefined)) {
        return this.subscriptionError(connection, channel, 'AuthError', `Invalid signature for ${channel}`, 401)
      }
      if (isPresence(channel)) {
        let parsed: unknown
        try {
          parsed = JSON.parse(channelData as string)
        } catch {
          parsed = undefined
        }
        const userId = (parsed as { user_id?: unknown } | undefined)?.user_id
        if ((typeof userId !== 'string' && typeof userId !== 'number') || String(userId).length > 128) {
          return this.subscriptionError(connection, channel, 'AuthError', 'channel_data needs a user_id', 401)
        }
        member = { user_id: String(userId), user_info: (parsed as { user_info?: unknown }).user_info }
      }
    }
    connection.channels.add(channel)
    connection.bareSince = undefined
    let subscribers = this.channels.get(channel)
    if (!subscribers) this.channels.set(channel, (subscribers = new Set()))
    if (!member) {
      subscribers.add(connection)
      return this.send(connection, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' })
    }
    const isNewMember = ![...subscribers].some((other) => other.presence?.get(channel)?.user_id === member.user_id)
    ;(connection.presence ??= new Map()).set(channel, member)
    subscribers.add(connection)
    const hash: Record<string, unknown> = {}
    for (const other of subscribers) {
      const m = other.presence?.get(channel)
      if (m) hash[m.user_id] = m.user_info ?? null
    }
    this.send(connection, { event: 'pusher_internal:subscription_succeeded', channel, data: JSON.stringify({ presence: { ids: Object.keys(hash), hash, count: Object.keys(hash).length } }) })
    if (isNewMember) this.deliver([channel], 'pusher_internal:member_added', JSON.stringify({ user_id: member.user_id, user_info: member.user_info ?? null }), connection.id)
  }

  private unsubscribe(connection: Connection, channel: string) {
    if (!connection.channels.delete(channel)) return
    if (connection.channels.size === 0) connection.bareSince = Date.now()
    const subscribers = this.channels.get(channel)
    subscribers?.delete(connection)
    const member = connection.presence?.get(channel)
    connection.presence?.delete(channel)
    if (member && subscribers && ![...subscribers].some((other) => other.presence?.get(channel)?.user_id === member.user_id)) {
      this.deliver([channel], 'pusher_internal:member_removed', JSON.stringify({ user_id: member.user_id }))
    }
    if (subscribers?.size === 0) this.channels.delete(channel)
  }

  private clientEvent(connection: Connection, event: string, channel: unknown, data: unknown) {
    if (!this.options.clientEvents) return this.error(connection, null, 'To send client events, you must enable this feature in the Settings page of your dashboard.')
    if (typeof channel !== 'string' || !connection.channels.has(channel)) return this.error(connection, null, 'Client event rejected: not subscribed to this channel')
    if (!isPrivate(channel) && !isPresence(channel)) return this.error(connection, null, 'Client events are only allowed on private and presence channels')
    if (event.length > LIMITS.eventNameLength) return this.error(connection, null, 'Event name too long')
    const second = Math.floor(Date.now() / 1000)
    const counter = connection.clientEvents?.second === second ? connection.clientEvents : (connection.clientEvents = { second, count: 0 })
    if (++counter.count > LIMITS.clientEventsPerSecond) {
      this.error(connection, CLOSE.CLIENT_EVENT_RATE_LIMIT, 'Client event rejected due to rate limit')
      return
    }
    const text = typeof data === 'string' ? data : JSON.stringify(data ?? {})
    const member = connection.presence?.get(channel)
    this.deliver([channel], event, text, connection.id, member?.user_id)
  }

  /** Sends an event to every connection subscribed to the channels (each connection once), except one socket. */
  deliver(channels: string[], event: string, data: string, exceptSocketId?: string, userId?: string): number {
    const reached = new Set<Connection>()
    for (const channel of channels) {
      const subscribers = this.channels.get(channel)
      if (!subscribers) continue
      const text = JSON.stringify(userId === undefined ? { event, channel, data } : { event, channel, data, user_id: userId })
      for (const connection of subscribers) {
        if (connection.id === exceptSocketId || reached.has(connection)) continue
        reached.add(connection)
        if (connection.ws.readyState === connection.ws.OPEN) connection.ws.send(text)
      }
    }
    return reached.size
  }

  /** Occupied channels (optionally by prefix) and, for each, its subscriber count. */
  occupied(prefix = '') {
    const answer: Record<string, { subscription_count: number }> = {}
    for (const [channel, subscribers] of this.channels) if (channel.startsWith(prefix)) answer[channel] = { subscription_count: subscribers.size }
    return answer
  }

  private drop(connection: Connection) {
    if (!this.connections.delete(connection.id)) return
    this.perAddress.release(connection.address)
    for (const channel of [...connection.channels]) this.unsubscribe(connection, channel)
  }

  /** Closes a connection with a Pusher code, telling it why first. */
  private shut(connection: Connection, code: number, message: string) {
    this.error(connection, code, message)
    closeSoon(connection.ws, code, message)
    this.drop(connection)
  }

  /**
   * Pings connections that went quiet for the activity timeout; closes those that did not answer
   * (4201), and those that held no subscription for the grace period (4101): answering pings alone
   * would keep a place for ever.
   */
  private checkActivity() {
    const now = Date.now()
    for (const connection of this.connections.values()) {
      if (this.subscribeGraceMs > 0 && connection.bareSince !== undefined && now - connection.bareSince > this.subscribeGraceMs) {
        this.shut(connection, CLOSE.NO_SUBSCRIPTION, 'No subscription in time; subscribe to a channel after connecting')
      } else if (connection.pingSentAt !== undefined) {
        if (now - connection.pingSentAt > this.pongTimeoutMs) this.shut(connection, CLOSE.PONG_NOT_RECEIVED, 'Pong reply not received')
      } else if (now - connection.lastSeen > this.activityTimeoutSeconds * 1000) {
        connection.pingSentAt = now
        this.send(connection, { event: 'pusher:ping', data: {} })
      }
    }
  }

  /** Tells every connection to reconnect (4200) and closes them; new upgrades are refused the same way. */
  async close() {
    this.closing = true
    clearInterval(this.sweep)
    for (const connection of [...this.connections.values()]) this.shut(connection, CLOSE.RECONNECT, 'Server is restarting; please reconnect.')
    await new Promise<void>((resolve) => this.wss.close(() => resolve()))
  }
}
