import { randomBytes } from 'node:crypto'
import type { Hono } from 'hono'
import Pusher from 'pusher'
import type { RealtimeConfig } from '../../contract/realtime'
import type { Config } from '../config'
import { pusherHttpApi } from '../emulators/pusher/http-api'
import type { PusherApp } from '../emulators/pusher/protocol'
import { PusherServer } from '../emulators/pusher/server'
import { keptSecrets } from '../lib/kept-secrets'
import { ownHost, type Listening } from './own-address'

export type { PusherApp }

export const BROADCAST_AUTH_PATH = '/api/v1/broadcasting/auth'

export interface RealtimeSettings {
  /** true when the embedded Pusher protocol server answers on this server's port */
  embedded: boolean
  app: PusherApp
  /** how the `pusher` SDK reaches the service */
  sdk: { host: string; port: string; useTLS: boolean } | { cluster: string; useTLS: boolean }
  /** what the browser is told, through GET /config */
  browser: RealtimeConfig
  /** origins the page may open sockets to (CSP connect-src); the shop's own origin is allowed anyway */
  connectSources: string[]
}

export const freshPusherApp = (): PusherApp => ({ id: 'shop', key: randomBytes(10).toString('hex'), secret: randomBytes(24).toString('hex') })

/** The embedded server's key and secret, generated once and kept under DATA_DIR so that restarts and `npm run shop` use the same. */
export const embeddedPusherApp = (dataDir: string): Promise<PusherApp> => keptSecrets(dataDir, 'realtime-keys.json', freshPusherApp)

/**
 * Hosted Pusher (or Soketi, Reverb) when PUSHER_* are configured; otherwise the embedded server on
 * this port, which the SDK reaches over HTTP on the server's own address like any Pusher host.
 */
export function realtimeSettings(config: Config, listening: Listening, embeddedApp?: PusherApp): RealtimeSettings {
  const pusher = config.pusher
  if (pusher) {
    const host = pusher.host ?? `ws-${pusher.cluster}.pusher.com`
    const port = pusher.port ?? (pusher.tls ? 443 : 80)
    return {
      embedded: false,
      app: { id: pusher.appId, key: pusher.key, secret: pusher.secret },
      sdk: pusher.host ? { host: pusher.host, port: String(port), useTLS: pusher.tls } : { cluster: pusher.cluster!, useTLS: pusher.tls },
      browser: {
        provider: 'pusher',
        key: pusher.key,
        cluster: pusher.host ? null : pusher.cluster!,
        host: pusher.host ?? null,
        port: pusher.host ? port : null,
        tls: pusher.tls,
        auth_endpoint: BROADCAST_AUTH_PATH,
      },
      connectSources: [`${pusher.tls ? 'wss' : 'ws'}://${host}${pusher.host ? `:${port}` : ''}`],
    }
  }
  const app = embeddedApp ?? freshPusherApp()
  const host = ownHost(listening)
  const own = new URL(config.publicUrl)
  return {
    embedded: true,
    app,
    sdk: { host, port: String(listening.port), useTLS: false },
    browser: { provider: 'pusher', key: app.key, cluster: null, host: null, port: null, tls: own.protocol === 'https:', auth_endpoint: BROADCAST_AUTH_PATH },
    connectSources: [`${own.protocol === 'https:' ? 'wss' : 'ws'}://${own.host}`],
  }
}

/** The shop's one publisher: the official SDK, the same calls for the embedded server and a hosted one. */
export const createPublisher = (settings: RealtimeSettings) =>
  new Pusher({ appId: settings.app.id, key: settings.app.key, secret: settings.app.secret, ...settings.sdk, timeout: 5_000 })

export interface RealtimeIntegration {
  /** the official SDK's publisher */
  publisher: Pusher
  browser: RealtimeConfig
  connectSources: readonly string[]
  /** the embedded Pusher-protocol server (undefined with a hosted one): it takes the HTTP server's WebSocket upgrades (main.ts) */
  server?: PusherServer
  /** its HTTP API (what the SDK publishes to), to mount at /apps */
  routes?: Hono
}

/** Real time, hosted or embedded: the one place that knows which. */
export function realtimeIntegration(config: Config, options: { listening: Listening; embeddedApp?: PusherApp }): RealtimeIntegration {
  const settings = realtimeSettings(config, options.listening, options.embeddedApp)
  const server = settings.embedded ? new PusherServer({ app: settings.app, ...config.realtime, trustProxy: config.trustProxy }) : undefined
  return {
    publisher: createPublisher(settings),
    browser: settings.browser,
    connectSources: settings.connectSources,
    server,
    routes: server ? pusherHttpApi(server) : undefined,
  }
}

/** The embedded server run on its own (`npm run realtime`, decision 78): its socket server and its HTTP API, to mount at /apps. */
export function standaloneRealtime(options: ConstructorParameters<typeof PusherServer>[0]) {
  const server = new PusherServer(options)
  return { server, routes: pusherHttpApi(server) }
}
