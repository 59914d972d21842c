import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import Pusher from 'pusher'
import type PusherJs from 'pusher-js'
import WebSocket from 'ws'
import { pusherHttpApi } from '../../../server/emulators/pusher/http-api'
import { channelAuth, type PusherApp } from '../../../server/emulators/pusher/protocol'
import { PusherServer, type PusherServerOptions } from '../../../server/emulators/pusher/server'
import { localPusherClient } from './pusher-client'

export const app: PusherApp = { id: 'shop', key: 'shop-key', secret: 'shop-secret-0123456789' }

/** The embedded server on a port of its own: WebSocket upgrades on /app/{key}, the HTTP API on /apps. */
export async function startPusher(options: Omit<PusherServerOptions, 'app'> = {}) {
  const realtime = new PusherServer({ app, ...options })
  const hono = new Hono().route('/apps', pusherHttpApi(realtime))
  const http: Server = createServer(getRequestListener(hono.fetch))
  const sockets = new Set<Duplex>()
  let upgrades = 0
  http.on('upgrade', (request, socket, head) => {
    upgrades++
    sockets.add(socket)
    if (!realtime.handleUpgrade(request, socket, head)) socket.destroy()
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const port = (http.address() as AddressInfo).port
  return {
    realtime,
    port,
    /** WebSocket upgrades asked for so far */
    upgrades: () => upgrades,
    /** every socket cut as a lost network would: no close frame */
    cut: () => sockets.forEach((socket) => socket.destroy()),
    sdk: (secret = app.secret) => new Pusher({ appId: app.id, key: app.key, secret, host: '127.0.0.1', port: String(port), useTLS: false }),
    client: () =>
      localPusherClient(app.key, port, {
        endpoint: 'unused',
        transport: 'ajax',
        // signs like the shop's /broadcasting/auth does for a member's own channel, answering later as a request would
        customHandler: ({ socketId, channelName }: { socketId: string; channelName: string }, callback: (error: Error | null, data: { auth: string } | null) => void) =>
          setImmediate(() =>
            channelName === 'private-User.1.Notification' ? callback(null, { auth: channelAuth(app, socketId, channelName) }) : callback(new Error('forbidden'), null),
          ),
      }),
    async close() {
      await realtime.close()
      await new Promise((resolve) => http.close(resolve))
    },
  }
}

export type EmbeddedPusher = Awaited<ReturnType<typeof startPusher>>

export const connected = (client: PusherJs) =>
  new Promise<void>((resolve, reject) => {
    if (client.connection.state === 'connected') return resolve()
    client.connection.bind('connected', () => resolve())
    client.connection.bind('failed', () => reject(new Error('failed')))
  })

export const subscribed = (channel: ReturnType<PusherJs['subscribe']>) =>
  new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve())
    channel.bind('pusher:subscription_error', (error: unknown) => reject(new Error(JSON.stringify(error))))
  })

export interface Frame {
  event: string
  channel?: string
  data?: unknown
}

/**
 * A raw WebSocket speaking the protocol by hand, for what pusher-js never sends. `localAddress`
 * (127.0.0.2, ...) makes it another client address on loopback; `headers` are sent with the upgrade.
 */
export async function raw(port: number, options: { path?: string; localAddress?: string; headers?: Record<string, string> } = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${options.path ?? `/app/${app.key}?protocol=7&client=js&version=8.6.0`}`, { localAddress: options.localAddress, headers: options.headers })
  const frames: Frame[] = []
  const waiters: (() => void)[] = []
  ws.on('message', (text) => {
    frames.push(JSON.parse(String(text)))
    waiters.splice(0).forEach((w) => w())
  })
  // an upgrade refused or cut shows as an error before the close
  ws.on('error', () => undefined)
  const closed = new Promise<{ code: number; at: number }>((resolve) => ws.on('close', (code) => resolve({ code, at: performance.now() })))
  const frame = async (event: string) => {
    for (;;) {
      const found = frames.find((f) => f.event === event)
      if (found) return found
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
  }
  /** the socket id once the connection is established */
  const established = async () => (JSON.parse((await frame('pusher:connection_established')).data as string) as { socket_id: string; activity_timeout: number })
  return { ws, frames, frame, established, closed, send: (value: unknown) => ws.send(typeof value === 'string' ? value : JSON.stringify(value)) }
}
