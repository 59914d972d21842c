import type PusherJs from 'pusher-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { channelAuth } from '../../server/emulators/pusher/protocol'
import { app, connected, raw, startPusher as start, subscribed } from './support/embedded-pusher'

const next = <T>(channel: ReturnType<PusherJs['subscribe']>, event: string) => new Promise<T>((resolve) => channel.bind(event, (data: T) => resolve(data)))

describe('the embedded Pusher protocol server', () => {
  let server: Awaited<ReturnType<typeof start>>
  beforeAll(async () => {
    server = await start()
  })
  afterAll(() => server.close())

  it('pusher-js connects, subscribes to a public channel and receives an event the pusher SDK triggers', async () => {
    const client = server.client()
    await connected(client)
    expect(client.connection.socket_id).toMatch(/^\d+\.\d+$/)
    const channel = client.subscribe('news')
    await subscribed(channel)
    const received = next<{ title: string }>(channel, 'headline')
    await server.sdk().trigger('news', 'headline', { title: '新品上架' })
    expect(await received).toEqual({ title: '新品上架' })
    client.disconnect()
  })

  it('a private channel needs the signature of this socket: the member gets it, a forged one is refused', async () => {
    const client = server.client()
    await connected(client)
    const own = client.subscribe('private-User.1.Notification')
    await subscribed(own)
    const received = next<{ id: number }>(own, 'SendNotification')
    await server.sdk().trigger('private-User.1.Notification', 'SendNotification', { id: 7 })
    expect(await received).toEqual({ id: 7 })
    // another member's channel: the authorizer refuses, no subscription
    const other = client.subscribe('private-User.2.Notification')
    await expect(subscribed(other)).rejects.toThrow()
    client.disconnect()

    // by hand: a signature for another socket, or for another channel, is refused with an AuthError
    const socket = await raw(server.port)
    const established = JSON.parse((await socket.frame('pusher:connection_established')).data as string) as { socket_id: string; activity_timeout: number }
    expect(established.activity_timeout).toBe(120)
    socket.send({ event: 'pusher:subscribe', data: { channel: 'private-User.2.Notification', auth: channelAuth(app, '1.1', 'private-User.2.Notification') } })
    const refused = await socket.frame('pusher:subscription_error')
    expect(refused).toMatchObject({ channel: 'private-User.2.Notification', data: { type: 'AuthError', status: 401 } })
    socket.send({ event: 'pusher:subscribe', data: { channel: 'private-User.2.Notification', auth: channelAuth(app, established.socket_id, 'private-User.2.Notification') } })
    await socket.frame('pusher_internal:subscription_succeeded')
    socket.ws.close()
  })

  it('answers ping with pong, and tells pusher-js its activity timeout', async () => {
    const socket = await raw(server.port)
    await socket.frame('pusher:connection_established')
    socket.send({ event: 'pusher:ping', data: {} })
    expect(await socket.frame('pusher:pong')).toEqual({ event: 'pusher:pong', data: {} })
    socket.ws.close()
  })

  it('refuses unknown keys, missing and unsupported protocol versions with Pusher close codes', async () => {
    expect((await (await raw(server.port, { path: '/app/nope?protocol=7' })).closed).code).toBe(4001)
    expect((await (await raw(server.port, { path: `/app/${app.key}` })).closed).code).toBe(4008)
    expect((await (await raw(server.port, { path: `/app/${app.key}?protocol=x` })).closed).code).toBe(4006)
    expect((await (await raw(server.port, { path: `/app/${app.key}?protocol=99` })).closed).code).toBe(4007)
  })

  it('refuses client events while they are off, and bad frames without closing', async () => {
    const socket = await raw(server.port)
    const { socket_id } = JSON.parse((await socket.frame('pusher:connection_established')).data as string) as { socket_id: string }
    socket.send({ event: 'pusher:subscribe', data: { channel: 'private-User.1.Notification', auth: channelAuth(app, socket_id, 'private-User.1.Notification') } })
    await socket.frame('pusher_internal:subscription_succeeded')
    socket.send({ event: 'client-typing', channel: 'private-User.1.Notification', data: {} })
    expect(await socket.frame('pusher:error')).toMatchObject({ data: { message: expect.stringContaining('enable') } })
    socket.frames.length = 0
    socket.send('not json')
    expect(await socket.frame('pusher:error')).toMatchObject({ data: { message: 'Messages must be JSON text' } })
    socket.frames.length = 0
    socket.send({ event: 'pusher:subscribe', data: { channel: 'bad channel!' } })
    expect(await socket.frame('pusher:error')).toMatchObject({ data: { message: expect.stringContaining('Invalid channel name') } })
    expect(socket.ws.readyState).toBe(WebSocket.OPEN)
    socket.ws.close()
  })

  it('closes a connection sending a message over 10 KB', async () => {
    const socket = await raw(server.port)
    await socket.frame('pusher:connection_established')
    socket.send({ event: 'pusher:ping', data: 'x'.repeat(11 * 1024) })
    expect((await socket.closed).code).toBe(1009)
  })

  it('the HTTP API refuses a wrong signature, an old timestamp, a bad body and too many events, delivering nothing', async () => {
    const client = server.client()
    await connected(client)
    const channel = client.subscribe('news')
    await subscribed(channel)
    let heard = 0
    channel.bind('headline', () => heard++)
    await expect(server.sdk('wrong-secret').trigger('news', 'headline', {})).rejects.toMatchObject({ status: 401 })
    const url = `http://127.0.0.1:${server.port}/apps/${app.id}/events`
    const old = await fetch(`${url}?auth_key=${app.key}&auth_timestamp=1&auth_version=1.0&auth_signature=x`, { method: 'POST', body: '{}' })
    expect([old.status, await old.text()]).toEqual([401, expect.stringContaining('Timestamp expired')])
    // signed properly but invalid: the SDK signs whatever it is given
    // the SDK's own signed request with a body of our making (it JSON-encodes the body it is given)
    const post = (body: unknown) => server.sdk().post({ path: '/events', body: body as string })
    await expect(post({ name: 'headline', data: '{}', channels: ['bad channel!'] })).rejects.toMatchObject({ status: 400 })
    await expect(post({ name: 'headline', data: { not: 'a string' }, channel: 'news' })).rejects.toMatchObject({ status: 400 })
    await expect(server.sdk().trigger('news', 'headline', 'x'.repeat(11 * 1024))).rejects.toMatchObject({ status: 400 })
    await expect(server.sdk().triggerBatch(Array.from({ length: 11 }, () => ({ channel: 'news', name: 'headline', data: {} })))).rejects.toMatchObject({ status: 400 })
    const big = await fetch(url, { method: 'POST', body: 'x'.repeat(300 * 1024) })
    expect(big.status).toBe(413)
    // a good batch arrives, event by event
    const two = new Promise<void>((resolve) => channel.bind('headline', () => heard === 2 && resolve()))
    await server.sdk().triggerBatch([
      { channel: 'news', name: 'headline', data: { n: 1 } },
      { channel: 'news', name: 'headline', data: { n: 2 } },
    ])
    await two
    expect(heard).toBe(2)
    client.disconnect()
  })

  it('does not send an event back to the socket that caused it (socket_id)', async () => {
    const a = server.client()
    const b = server.client()
    await Promise.all([connected(a), connected(b)])
    const [ca, cb] = [a.subscribe('news'), b.subscribe('news')]
    await Promise.all([subscribed(ca), subscribed(cb)])
    let toA = 0
    ca.bind('edit', () => toA++)
    const toB = next(cb, 'edit')
    await server.sdk().trigger('news', 'edit', { n: 1 }, { socket_id: a.connection.socket_id })
    await toB
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(toA).toBe(0)
    a.disconnect()
    b.disconnect()
  })

  it('lists occupied channels to the signed HTTP API', async () => {
    const client = server.client()
    await connected(client)
    await subscribed(client.subscribe('shop-news'))
    const answer = await server.sdk().get({ path: '/channels', params: { filter_by_prefix: 'shop-' } })
    expect(await answer.json()).toEqual({ channels: { 'shop-news': { subscription_count: 1 } } })
    client.disconnect()
  })
})

describe('the embedded Pusher server keeps connections honest', () => {
  it('pings a quiet connection and closes it with 4201 when no pong comes', async () => {
    const server = await start({ activityTimeoutSeconds: 1, pongTimeoutMs: 500 })
    try {
      const socket = await raw(server.port)
      await socket.frame('pusher:connection_established')
      expect(await socket.frame('pusher:ping')).toEqual({ event: 'pusher:ping', data: {} })
      expect((await socket.closed).code).toBe(4201)
      expect(server.realtime.stats().connections).toBe(0)
    } finally {
      await server.close()
    }
  })

  it('refuses connections over its capacity with 4100, and pusher-js reconnects after a restart close (4200)', async () => {
    const server = await start({ maxConnections: 1 })
    try {
      const first = server.client()
      await connected(first)
      expect((await (await raw(server.port)).closed).code).toBe(4100)
      first.disconnect()
    } finally {
      await server.close()
    }
  })

  it('pusher-js reconnects and resubscribes after the connection drops', async () => {
    const server = await start()
    try {
      const client = server.client()
      await connected(client)
      const channel = client.subscribe('private-User.1.Notification')
      await subscribed(channel)
      const firstId = client.connection.socket_id
      // the server drops the socket as a network would
      const resubscribed = new Promise<void>((resolve) => channel.bind('pusher:subscription_succeeded', () => resolve()))
      server.cut()
      await resubscribed
      expect(client.connection.socket_id).not.toBe(firstId)
      const received = next<{ id: number }>(channel, 'SendNotification')
      await server.sdk().trigger('private-User.1.Notification', 'SendNotification', { id: 8 })
      expect(await received).toEqual({ id: 8 })
      client.disconnect()
    } finally {
      await server.close()
    }
  })
})

/** Issue 24: one address filled the server (10,000 sockets in 3.5 s), and a socket answering pings kept its place for ever. */
describe('the embedded Pusher server under a flood from one address', () => {
  it('holds a few connections per address: more are refused with 4100 (reconnect after a pause), other addresses still connect', async () => {
    const server = await start({ maxConnectionsPerAddress: 3 })
    try {
      const held = await Promise.all([0, 1, 2].map(() => raw(server.port)))
      await Promise.all(held.map((socket) => socket.established()))
      const flood = await Promise.all(Array.from({ length: 20 }, () => raw(server.port)))
      for (const socket of flood) {
        expect((await socket.closed).code).toBe(4100)
        expect(socket.frames).toEqual([{ event: 'pusher:error', data: { code: 4100, message: 'Over capacity: too many connections from your address' } }])
      }
      expect(server.realtime.stats().connections).toBe(3)
      // another client address on loopback is not counted with the first
      const other = await raw(server.port, { localAddress: '127.0.0.2' })
      await other.established()
      // once a place is free, the address connects again
      held[0]!.ws.close()
      await held[0]!.closed
      await (await raw(server.port)).established()
    } finally {
      await server.close()
    }
  })

  it('pusher-js refused for its address retries about once a second, and connects once a place frees', async () => {
    const server = await start({ maxConnectionsPerAddress: 1 })
    try {
      const holder = await raw(server.port)
      await holder.established()
      const before = server.upgrades()
      const client = server.client()
      await new Promise((resolve) => setTimeout(resolve, 2_500))
      expect(client.connection.state).not.toBe('connected')
      // backing off: a handful of attempts in 2.5 s, not a loop
      expect(server.upgrades() - before).toBeGreaterThanOrEqual(2)
      expect(server.upgrades() - before).toBeLessThanOrEqual(4)
      holder.ws.close()
      await connected(client)
      await subscribed(client.subscribe('private-User.1.Notification'))
      client.disconnect()
    } finally {
      await server.close()
    }
  })

  it('counts the address the trusted proxy added to X-Forwarded-For (not what the client wrote before it), and the socket address otherwise', async () => {
    const proxied = await start({ maxConnectionsPerAddress: 1, trustProxy: { hops: 1, proxies: [] } })
    try {
      // the proxy appends the address it was reached from; a client may write anything before it
      let spoofed = 0
      const from = (address: string) => raw(proxied.port, { headers: { 'x-forwarded-for': `10.9.9.${++spoofed}, ${address}` } })
      await (await from('198.51.100.1')).established()
      await (await from('198.51.100.2')).established()
      await (await from('2001:db8:0:1::1')).established()
      expect((await (await from('198.51.100.1')).closed).code).toBe(4100)
      // one IPv6 /64 is one client
      expect((await (await from('2001:db8:0:1::2')).closed).code).toBe(4100)
    } finally {
      await proxied.close()
    }
    const direct = await start({ maxConnectionsPerAddress: 1 })
    try {
      await (await raw(direct.port, { headers: { 'x-forwarded-for': '198.51.100.1' } })).established()
      // without TRUST_PROXY the header is the client's own say-so
      expect((await (await raw(direct.port, { headers: { 'x-forwarded-for': '198.51.100.2' } })).closed).code).toBe(4100)
    } finally {
      await direct.close()
    }
  })

  it('closes a connection that holds no subscription after the grace period (4101), even one answering pings; a subscribed one stays', async () => {
    const server = await start({ subscribeGraceMs: 600, activityTimeoutSeconds: 1, pongTimeoutMs: 5_000 })
    try {
      const idle = await raw(server.port)
      await idle.established()
      // answers every ping, subscribes to nothing
      idle.ws.on('message', (text) => String(text).includes('pusher:ping') && idle.send({ event: 'pusher:pong', data: {} }))
      const opened = performance.now()
      const member = server.client()
      await connected(member)
      await subscribed(member.subscribe('private-User.1.Notification'))
      const leaving = await raw(server.port)
      await leaving.established()
      leaving.send({ event: 'pusher:subscribe', data: { channel: 'news' } })
      await leaving.frame('pusher_internal:subscription_succeeded')

      const closed = await idle.closed
      expect(closed.code).toBe(4101)
      expect(closed.at - opened).toBeGreaterThan(500)
      expect(closed.at - opened).toBeLessThan(2_500)
      expect(idle.frames).toContainEqual({ event: 'pusher:error', data: { code: 4101, message: expect.stringContaining('No subscription') } })
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      expect(member.connection.state).toBe('connected')
      expect(leaving.ws.readyState).toBe(WebSocket.OPEN)

      // one that gives up its last channel has the same grace again
      leaving.send({ event: 'pusher:unsubscribe', data: { channel: 'news' } })
      expect((await leaving.closed).code).toBe(4101)
      expect(server.realtime.stats()).toEqual({ connections: 1, channels: 1 })
      member.disconnect()
    } finally {
      await server.close()
    }
  })
})
