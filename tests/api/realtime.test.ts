import { createHmac } from 'node:crypto'
import { mkdtemp, readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import Pusher from 'pusher'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startShopProcess, type ShopProcess } from '../../scripts/lib/shop-process'
import type { PusherApp } from '../../server/emulators/pusher/protocol'
import { registration } from '../fixtures/member-factory'
import { raw } from './support/embedded-pusher'
import { localPusherClient } from './support/pusher-client'
import { databaseTargets, startShop, type TestShop } from './harness'

const targets = await databaseTargets()

const form = (fields: Record<string, string>) => ({ 'content-type': 'application/x-www-form-urlencoded', body: new URLSearchParams(fields).toString() })

describe.each(targets)('POST /broadcasting/auth on $kind', (target) => {
  let shop: TestShop
  beforeAll(async () => {
    shop = await startShop(target, { env: { AUTH_RATE_LIMIT: '1000' } })
  })
  afterAll(() => shop?.close())

  async function member() {
    const body = registration()
    await shop.json('/api/v1/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const login = await shop.json('/api/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: body.email, password: body.password }) })
    const me = await shop.json('/api/v1/user', { headers: { authorization: `Bearer ${login.body.data.token}` } })
    const token = login.body.data.token as string
    const authorise = (fields: Record<string, string>, locale = 'en') => {
      const { body, ...headers } = form(fields)
      return shop.json('/api/v1/broadcasting/auth', { method: 'POST', locale, headers: { ...headers, authorization: `Bearer ${token}` }, body })
    }
    return { id: me.body.data.id as number, authorise }
  }

  it("signs the member's own channel with the app's secret, as Pusher checks it", async () => {
    const m = await member()
    const { body: config } = await shop.json('/api/v1/config')
    const channel = `private-User.${m.id}.Notification`
    const answer = await m.authorise({ socket_id: '1234.5678', channel_name: channel })
    expect(answer.status).toBe(200)
    const [key, signature] = (answer.body.auth as string).split(':')
    expect(key).toBe(config.data.realtime.key)
    // the signature is the app's HMAC of socket_id:channel: a different socket gets a different one
    const other = await m.authorise({ socket_id: '1234.5679', channel_name: channel })
    expect(other.body.auth).not.toBe(answer.body.auth)
    expect(signature).toMatch(/^[0-9a-f]{64}$/)
  })

  it("refuses another member's channel (403) and anyone signed out (401), in the error shape", async () => {
    const a = await member()
    const b = await member()
    const foreign = await a.authorise({ socket_id: '1.2', channel_name: `private-User.${b.id}.Notification` }, 'zh_tw')
    expect(foreign.status).toBe(403)
    expect(foreign.body.error).toMatchObject({ code: 'FORBIDDEN', message: '這個頻道屬於其他會員。' })
    expect((await a.authorise({ socket_id: '1.2', channel_name: 'private-orders' })).status).toBe(403)
    const { body, ...headers } = form({ socket_id: '1.2', channel_name: `private-User.${a.id}.Notification` })
    const anonymous = await shop.json('/api/v1/broadcasting/auth', { method: 'POST', headers, body })
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'UNAUTHENTICATED'])
  })

  it('answers bad fields with 400 and field errors', async () => {
    const m = await member()
    const bad = await m.authorise({ socket_id: 'abc', channel_name: 'bad channel!' })
    expect(bad.status).toBe(400)
    expect(bad.body.error.code).toBe('VALIDATION_FAILED')
    expect(Object.keys(bad.body.error.detail).sort()).toEqual(['channel_name', 'socket_id'])
  })

  it('tells the PWA where the real-time service is (the shop itself, unless configured)', async () => {
    const { body } = await shop.json('/api/v1/config')
    expect(body.data.realtime).toMatchObject({ provider: 'pusher', cluster: null, host: null, port: null, auth_endpoint: '/api/v1/broadcasting/auth' })
  })
})

describe('the shop (node server/main.ts) serves the Pusher protocol on its own port', () => {
  let shop: ShopProcess
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-realtime-'))
    shop = await startShopProcess({ DATA_DIR: dataDir, AUTH_RATE_LIMIT: '1000', SEED_CATALOGUE: 'false', REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '3', REALTIME_SUBSCRIBE_SECONDS: '1' })
  })
  afterAll(() => shop?.stop())

  const post = async (pathname: string, body: unknown, token?: string) =>
    (await fetch(shop.url + pathname, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json()

  async function member() {
    const body = registration()
    await post('/api/v1/register', body)
    const token = (await post('/api/v1/login', { email: body.email, password: body.password })).data.token as string
    const id = (await (await fetch(`${shop.url}/api/v1/user`, { headers: { authorization: `Bearer ${token}` } })).json()).data.id as number
    return { id, token }
  }

  const client = (key: string, token: string) =>
    localPusherClient(key, Number(new URL(shop.url).port), { endpoint: `${shop.url}/api/v1/broadcasting/auth`, transport: 'ajax', headers: { authorization: `Bearer ${token}` } })

  it("a member's pusher-js subscribes through the shop's authorisation and receives what the SDK publishes; another member's channel is refused", async () => {
    const config = (await (await fetch(`${shop.url}/api/v1/config`)).json()).data.realtime as { key: string }
    const app = JSON.parse(await readFile(path.join(dataDir, 'realtime-keys.json'), 'utf8')) as PusherApp
    expect(app.key).toBe(config.key)
    const a = await member()
    const b = await member()
    const pusher = client(config.key, a.token)
    const own = pusher.subscribe(`private-User.${a.id}.Notification`)
    await new Promise<void>((resolve, reject) => {
      own.bind('pusher:subscription_succeeded', () => resolve())
      own.bind('pusher:subscription_error', (error: unknown) => reject(new Error(JSON.stringify(error))))
    })
    const received = new Promise((resolve) => own.bind('SendNotification', resolve))
    const port = String(new URL(shop.url).port)
    const sdk = new Pusher({ appId: app.id, key: app.key, secret: app.secret, host: '127.0.0.1', port, useTLS: false })
    await sdk.trigger(`private-User.${a.id}.Notification`, 'SendNotification', { title: '已出貨' })
    expect(await received).toEqual({ title: '已出貨' })

    const foreign = pusher.subscribe(`private-User.${b.id}.Notification`)
    const status = await new Promise((resolve) => foreign.bind('pusher:subscription_error', (error: { status: number }) => resolve(error.status)))
    expect(status).toBe(403)
    // an SDK with the wrong secret is refused by the shop's HTTP API
    const forged = new Pusher({ appId: app.id, key: app.key, secret: createHmac('sha256', 'x').digest('hex'), host: '127.0.0.1', port, useTLS: false })
    await expect(forged.trigger(`private-User.${a.id}.Notification`, 'SendNotification', {})).rejects.toMatchObject({ status: 401 })
    pusher.disconnect()
  })

  it('takes its per-address cap and subscription grace from the environment', async () => {
    const { key } = (await (await fetch(`${shop.url}/api/v1/config`)).json()).data.realtime as { key: string }
    const port = Number(new URL(shop.url).port)
    const path = `/app/${key}?protocol=7&client=js&version=8.6.0`
    const held = await Promise.all([0, 1, 2].map(() => raw(port, { path })))
    await Promise.all(held.map((socket) => socket.established()))
    expect((await (await raw(port, { path })).closed).code).toBe(4100)
    // none of the three subscribed within REALTIME_SUBSCRIBE_SECONDS
    for (const socket of held) expect((await socket.closed).code).toBe(4101)
  })

  it('refuses WebSocket upgrades anywhere but /app/{key}', async () => {
    const { default: WebSocket } = await import('ws')
    const ws = new WebSocket(`${shop.url.replace('http', 'ws')}/api/v1/health`)
    const outcome = await new Promise((resolve) => {
      ws.on('open', () => resolve('open'))
      ws.on('error', () => resolve('refused'))
    })
    expect(outcome).toBe('refused')
  })
})
