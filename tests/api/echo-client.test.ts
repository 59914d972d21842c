import { createHmac } from 'node:crypto'
import { mkdtemp, readFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import Echo from 'laravel-echo'
import Pusher from 'pusher'
import PusherJs from 'pusher-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startShopProcess, type ShopProcess } from '../../scripts/lib/shop-process'
import type { PusherApp } from '../../server/emulators/pusher/protocol'
import { registration } from '../fixtures/member-factory'

/**
 * laravel-echo 2 over pusher-js 8, configured as the PWA's browser configures it for the embedded
 * Pusher server, against the real shop process (node server/main.ts): subscription through
 * POST /api/v1/broadcasting/auth, events published with the `pusher` SDK, ping/pong, reconnection
 * after the shop restarts, and the refusals (another member's channel, a forged trigger).
 *
 * Echo's WebSocket goes through a small TCP proxy standing for the load balancer in front of the
 * shop: while the shop restarts, the balancer holds new connections until the shop answers again.
 * Without it, pusher-js's immediate retry after the 4200 close meets the closed port, and pusher-js
 * ignores a failed attempt until its 15 s connection timeout runs out (SequentialStrategy in
 * pusher-js 8): the reconnection would come about 15 s after the restart, in a browser too.
 */

interface Member {
  id: number
  token: string
}

/** A TCP proxy to the shop's port that can hold new connections (buffered) while the shop is down. */
function balancer(target: () => number) {
  let held: (() => void)[] | undefined
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    sockets.add(client)
    client.pause()
    const pipe = () => {
      const upstream = net.connect(target(), '127.0.0.1', () => {
        client.pipe(upstream).pipe(client)
        client.resume()
      })
      sockets.add(upstream)
      const end = () => {
        client.destroy()
        upstream.destroy()
      }
      upstream.on('error', end).on('close', end)
      client.on('error', end).on('close', end)
    }
    if (held) held.push(pipe)
    else pipe()
  })
  return {
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port))),
    hold: () => void (held ??= []),
    release: () => {
      const waiting = held ?? []
      held = undefined
      for (const pipe of waiting) pipe()
    },
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const until = <T>(what: string, subscribe: (resolve: (value: T) => void, reject: (error: Error) => void) => void, ms = 8_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)
    subscribe(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })

describe('laravel-echo (pusher-js) against the shop\'s embedded Pusher server', () => {
  let shop: ShopProcess
  let dataDir: string
  let port: number
  let key: string
  let app: PusherApp
  let sdk: Pusher
  let a: Member
  let b: Member
  let echo: Echo<'pusher'>
  const proxy = balancer(() => port)
  const env = () => ({ DATA_DIR: dataDir, AUTH_RATE_LIMIT: '1000', SEED_CATALOGUE: 'false' })

  const post = async (pathname: string, body: unknown, token?: string) =>
    (await fetch(shop.url + pathname, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json()

  async function member(): Promise<Member> {
    const body = registration()
    await post('/api/v1/register', body)
    const token = (await post('/api/v1/login', { email: body.email, password: body.password })).data.token as string
    const id = (await (await fetch(`${shop.url}/api/v1/user`, { headers: { authorization: `Bearer ${token}` } })).json()).data.id as number
    return { id, token }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-echo-'))
    shop = await startShopProcess(env())
    port = Number(new URL(shop.url).port)
    key = (await (await fetch(`${shop.url}/api/v1/config`)).json()).data.realtime.key as string
    app = JSON.parse(await readFile(path.join(dataDir, 'realtime-keys.json'), 'utf8')) as PusherApp
    sdk = new Pusher({ appId: app.id, key: app.key, secret: app.secret, host: '127.0.0.1', port: String(port), useTLS: false })
    ;[a, b] = await Promise.all([member(), member()])
    const publicPort = await proxy.listen()
    // as the PWA sets Echo up for the embedded server (src/lib/realtime.ts), the endpoint absolute because Node has no page origin
    echo = new Echo({
      broadcaster: 'pusher',
      Pusher: PusherJs,
      key,
      cluster: 'mt1',
      wsHost: '127.0.0.1',
      wsPort: publicPort,
      wssPort: publicPort,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      withoutInterceptors: true,
      authEndpoint: `${shop.url}/api/v1/broadcasting/auth`,
      auth: { headers: { Authorization: `Bearer ${a.token}`, Accept: 'application/json' } },
    })
  })

  afterAll(async () => {
    echo?.disconnect()
    await proxy.close()
    await shop?.stop()
  })

  const connection = () => echo.connector.pusher.connection
  const received: unknown[] = []
  let onReceived: (() => void) | undefined
  const nextEvent = (what: string) => until<void>(what, (resolve) => (onReceived = resolve))

  it("listens on the member's private channel and receives what the pusher SDK triggers", async () => {
    const channel = echo.private(`User.${a.id}.Notification`)
    await until<void>('the subscription', (resolve, reject) => {
      channel.subscribed(() => resolve())
      channel.error((error: unknown) => reject(new Error(`subscription refused: ${JSON.stringify(error)}`)))
    })
    channel.listen('.SendNotification', (payload: unknown) => {
      received.push(payload)
      onReceived?.()
    })
    expect(connection().state).toBe('connected')
    const arrived = nextEvent('the first event')
    await sdk.trigger(`private-User.${a.id}.Notification`, 'SendNotification', { title: '已出貨', order_no: 'A001' })
    await arrived
    expect(received).toEqual([{ title: '已出貨', order_no: 'A001' }])
  })

  it('answers a ping through the connection Echo holds, on the activity timeout agreed in the handshake', async () => {
    // connection_established said activity_timeout 120 (s); pusher-js keeps the smaller of that and its own
    expect(connection().activityTimeout).toBe(120_000)
    const pong = until<void>('pusher:pong', (resolve) => {
      const onMessage = (message: { event: string }) => {
        if (message.event !== 'pusher:pong') return
        connection().unbind('message', onMessage)
        resolve()
      }
      connection().bind('message', onMessage)
    })
    connection().send_event('pusher:ping', {})
    await pong
    expect(connection().state).toBe('connected')
  })

  it("refuses another member's channel: the shop answers 403 and Echo reports a subscription error", async () => {
    const error = await until<{ type: string; status: number }>('the subscription error', (resolve, reject) => {
      echo
        .private(`User.${b.id}.Notification`)
        .subscribed(() => reject(new Error("subscribed to another member's channel")))
        .error((e: { type: string; status: number }) => resolve(e))
    })
    expect(error).toMatchObject({ type: 'AuthError', status: 403 })
    echo.leave(`User.${b.id}.Notification`)
    expect(connection().state).toBe('connected')
  })

  it('refuses a trigger signed with a wrong secret (401) and delivers nothing', async () => {
    const forged = new Pusher({ appId: app.id, key: app.key, secret: createHmac('sha256', 'not the secret').digest('hex'), host: '127.0.0.1', port: String(port), useTLS: false })
    await expect(forged.trigger(`private-User.${a.id}.Notification`, 'SendNotification', { title: 'forged' })).rejects.toMatchObject({ status: 401 })
    // events on one connection arrive in order: had the forged one been delivered, it would come first
    received.length = 0
    const arrived = nextEvent('the genuine event')
    await sdk.trigger(`private-User.${a.id}.Notification`, 'SendNotification', { title: 'genuine' })
    await arrived
    expect(received).toEqual([{ title: 'genuine' }])
  })

  it('reconnects after the shop restarts (same DATA_DIR and port), subscribes again and receives again', async () => {
    const firstSocket = echo.socketId()
    const states: string[] = []
    connection().bind('state_change', ({ current }: { current: string }) => states.push(current))
    const connectedAgain = until<void>('the reconnection', (resolve) => {
      const onConnected = () => {
        connection().unbind('connected', onConnected)
        resolve()
      }
      connection().bind('connected', onConnected)
    }, 25_000)
    // SIGTERM: the embedded server tells every socket to reconnect (4200) and the process exits;
    // the balancer holds the reconnection until the new process answers its health check
    proxy.hold()
    await shop.stop({ keepData: true })
    shop = await startShopProcess(env(), port)
    proxy.release()
    await connectedAgain
    expect(states).toContain('connecting')
    expect(echo.socketId()).not.toBe(firstSocket)
    // pusher-js subscribes again through the restarted shop's authorisation; wait for the server to know it
    const channel = `private-User.${a.id}.Notification`
    await until<void>('the resubscription', (resolve) => {
      const poll = async () => {
        const answer = await sdk.get({ path: `/channels/${channel}` })
        if (((await answer.json()) as { occupied: boolean }).occupied) resolve()
        else setTimeout(() => void poll(), 50)
      }
      void poll()
    })
    received.length = 0
    const arrived = nextEvent('an event after the restart')
    await sdk.trigger(channel, 'SendNotification', { title: 'after restart' })
    await arrived
    expect(received).toEqual([{ title: 'after restart' }])
  }, 40_000)
})
