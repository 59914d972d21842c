import { memberChannel, NOTIFICATION_EVENT, type RealtimeConfig } from '../../contract/realtime'

/** Where the page itself was loaded from: the embedded Pusher server answers on the same host and port. */
export interface PageLocation {
  hostname: string
  port: string
  protocol: string
}

/**
 * laravel-echo's options (passed through to pusher-js) for the configured service: the shop's own
 * host and port when `host` is null (the embedded server at ws(s)://<page host>/app/{key}), a
 * self-hosted server at `host:port`, or hosted Pusher by its cluster.
 */
export function echoOptions(config: RealtimeConfig, token: string, page: PageLocation) {
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' }
  const common = {
    broadcaster: 'pusher' as const,
    key: config.key,
    disableStats: true,
    withoutInterceptors: true,
    // Echo writes into `auth.headers`; a fresh object keeps one session's token out of the next
    auth: { headers: { ...headers } },
    authEndpoint: config.auth_endpoint,
    channelAuthorization: { endpoint: config.auth_endpoint, transport: 'ajax' as const, headers },
  }
  if (config.host === null && config.cluster === null) {
    const tls = page.protocol === 'https:'
    const port = Number(page.port) || (tls ? 443 : 80)
    // pusher-js wants a cluster even when wsHost makes it irrelevant
    return { ...common, cluster: 'mt1', wsHost: page.hostname, wsPort: port, wssPort: port, forceTLS: tls, enabledTransports: ['ws', 'wss'] as ('ws' | 'wss')[] }
  }
  if (config.host !== null) {
    const port = config.port ?? (config.tls ? 443 : 80)
    return { ...common, cluster: config.cluster ?? 'mt1', wsHost: config.host, wsPort: port, wssPort: port, forceTLS: config.tls, enabledTransports: ['ws', 'wss'] as ('ws' | 'wss')[] }
  }
  return { ...common, cluster: config.cluster ?? 'mt1', forceTLS: config.tls }
}

export interface MemberChannelHandlers {
  /** an event on the member's channel, as it arrived (to be checked by the caller) */
  onNotification: (payload: unknown) => void
  /** the connection came back after a loss: events sent meanwhile may be missing */
  onReconnected: () => void
}

export interface RealtimeConnection {
  close: () => void
}

/**
 * Opens the member's private channel. laravel-echo and pusher-js (about 25 KB compressed) are
 * fetched here, on the first sign-in of the page, never with the first download.
 */
export async function connectMemberChannel(config: RealtimeConfig, userId: number, token: string, handlers: MemberChannelHandlers): Promise<RealtimeConnection> {
  const [{ default: Echo }, { default: Pusher }] = await Promise.all([import('laravel-echo'), import('pusher-js')])
  const echo = new Echo({ ...echoOptions(config, token, window.location), Pusher })
  let connectedBefore = false
  const connection = echo.connector.pusher.connection
  const onStateChange = ({ current }: { previous: string; current: string }) => {
    if (current !== 'connected') return
    // pusher-js subscribes its channels again by itself; what was sent while away must be fetched
    if (connectedBefore) handlers.onReconnected()
    connectedBefore = true
  }
  const close = () => {
    connection.unbind('state_change', onStateChange)
    echo.disconnect()
  }
  echo
    .private(memberChannel(userId))
    // a leading dot: the event's own name, without Echo's "App.Events" namespace
    .listen(`.${NOTIFICATION_EVENT}`, (payload: unknown) => handlers.onNotification(payload))
    // a refused token stays refused: the server closes a socket without a channel after its grace period and
    // pusher-js reconnects a second later to ask again, for ever; the next token opens a new connection
    .error((error: unknown) => {
      if (authorisationRefused(error)) close()
    })
  connection.bind('state_change', onStateChange)
  if (connection.state === 'connected') connectedBefore = true
  return { close }
}

/** pusher-js's `pusher:subscription_error` for an auth endpoint that answered 401 or 403 (not a network failure or a 5xx, which may pass) */
export function authorisationRefused(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined
  return status === 401 || status === 403
}
