import dns from 'node:dns'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import tls from 'node:tls'
import { eq } from 'drizzle-orm'
import type Pusher from 'pusher'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import webPush from 'web-push'
import { pushSubscriptions } from '../../server/db/schema'
import type { Logger } from '../../server/lib/logger'
import { NotificationDispatcher } from '../../server/modules/notification/dispatcher'
import { notify } from '../../server/core/notify'
import { checkEndpoint, pushAgent } from '../../server/integrations/push'
import { registration } from '../fixtures/member-factory'
import { refusedSpellings } from '../fixtures/push-endpoints'
import { databaseTargets, startShop, type TestShop } from './harness'
import { browserKeys, startPushService } from './support/push-service'

const targets = await databaseTargets()

/**
 * Every place in the server that opens a connection or sends a request elsewhere, and where its
 * address comes from. A new one fails the inventory test until it is added here; one whose
 * address comes from user input must also have a test below that the host it connects to is the
 * one that was checked (decision 59).
 */
const OUTGOING: Record<string, { target: string; fromUserInput: boolean }> = {
  'server/integrations/push.ts': { target: "the member's push endpoint (POST /api/v1/push-subscription), checked against PUSH_SERVICE_HOSTS", fromUserInput: true },
  'server/modules/auth/social-providers.ts': { target: 'GOOGLE_ISSUER (and what its discovery names), FACEBOOK_TOKEN_URL, FACEBOOK_PROFILE_URL', fromUserInput: false },
  'server/integrations/e-invoice.ts': { target: "EINVOICE_CARRIER_CHECK_URL; the member's barcode goes in the body only", fromUserInput: false },
  'server/emulators/stripe/deliveries.ts': { target: "the shop's own webhook URL (PUBLIC_URL, or the port it listens on)", fromUserInput: false },
  'server/integrations/payments.ts': { target: "Stripe's API, or the sandbox in process", fromUserInput: false },
  'server/integrations/logistics.ts': { target: 'ECPAY_LOGISTICS_URL, or the sandbox on the port this server listens on', fromUserInput: false },
  'server/emulators/ecpay/callbacks.ts': { target: "each shipment's ServerReplyURL, from the merchant's signed Create: the shop's own status route", fromUserInput: false },
  'server/integrations/realtime.ts': { target: 'PUSHER_HOST or PUSHER_CLUSTER, or the emulator', fromUserInput: false },
  'server/integrations/search.ts': { target: 'ALGOLIA_* hosts, or the emulator', fromUserInput: false },
  'server/integrations/mail.ts': { target: "SMTP_URL; members' addresses go in the SMTP dialogue only", fromUserInput: false },
  'server/ssr/pages.ts': { target: 'the API in process (app.fetch), no network', fromUserInput: false },
  'server/app.ts': { target: 'the API in process (app.fetch), no network', fromUserInput: false },
}
/** what sends: fetch and its stand-ins, node's http/https/net/tls, and the clients of services */
const SENDS = /\w*fetch\w*\(|\bhttps?\.(request|get)\(|\b(net|tls)\.(connect|createConnection)\(|\bnew (Pusher|Stripe|WebSocket)\(|\balgoliasearch\(|\bcreateTransport\(|\.discovery\(|\bsendNotification\(|\bundici\b|\bfrom 'got'|\baxios\b/

function serverSources(dir = 'server'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return serverSources(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

/** Every TLS connection opened while it runs: the host asked for, and each address a connection was attempted to. */
function recordConnections() {
  const opened: { host: string; port: number; addresses: string[] }[] = []
  const connect = tls.connect
  const spy = vi.spyOn(tls, 'connect').mockImplementation(((options: tls.ConnectionOptions, ...rest: unknown[]) => {
    const socket = (connect as (...args: unknown[]) => tls.TLSSocket)(options, ...rest)
    const seen = { host: String(options.host), port: Number(options.port), addresses: [] as string[] }
    opened.push(seen)
    socket.on('connectionAttempt', (address: string, port: number) => seen.addresses.push(`${address}:${port}`))
    return socket
  }) as typeof tls.connect)
  return { opened, stop: () => spy.mockRestore() }
}

/** The shop's DNS for these tests: the names in `answers`, nothing else (no test waits on a real resolver). */
function fakeDns(answers: Record<string, string[]>) {
  const lookup = ((host: string, options: dns.LookupOptions | ((...a: unknown[]) => void), callback?: (...a: unknown[]) => void) => {
    const done = (typeof options === 'function' ? options : callback)!
    const all = typeof options === 'object' && options.all
    const addresses = (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
    if (addresses.length === 0) return process.nextTick(done, Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', hostname: host }))
    if (all) return process.nextTick(done, null, addresses)
    process.nextTick(done, null, addresses[0]!.address, addresses[0]!.family)
  }) as typeof dns.lookup
  return vi.spyOn(dns, 'lookup').mockImplementation(lookup)
}

function keepingLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  const keep = (message: string, extra?: Record<string, unknown>) => void lines.push(`${message} ${JSON.stringify(extra ?? {})}`)
  return { lines, debug: keep, info: keep, warn: keep, error: keep }
}

describe('outgoing requests', () => {
  it('are all known, with where their address comes from; those from user input are the ones tested here', () => {
    const found = serverSources()
      .filter((file) => SENDS.test(readFileSync(file, 'utf8')))
      .sort()
    expect(found).toEqual(Object.keys(OUTGOING).sort())
    expect(Object.entries(OUTGOING).filter(([, site]) => site.fromUserInput).map(([file]) => file)).toEqual(['server/integrations/push.ts'])
  })
})

/** noon in Taipei: outside the default quiet hours, so pushes are due at once */
const NOON = new Date('2026-11-24T12:00:00+08:00')

describe.each(targets)('push endpoints connect to the host that was checked, on $kind', (target) => {
  let shop: TestShop
  let push: Awaited<ReturnType<typeof startPushService>>
  let port: number
  let hosts: string[]
  const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:shop@example.tw' }
  const publisher = { triggerBatch: async () => undefined } as unknown as Pusher

  beforeAll(async () => {
    push = await startPushService()
    port = Number(push.host.split(':')[1])
    // the defaults, the receiver by address and as localhost, and a *. entry at its port whose names the fake DNS answers
    hosts = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.push.services.mozilla.com', 'web.push.apple.com', '*.push.apple.com', '*.notify.windows.com', push.host, `localhost:${port}`, `*.push.example:${port}`]
    shop = await startShop(target, { env: { PUSH_SERVICE_HOSTS: hosts.join(','), AUTH_RATE_LIMIT: '1000' } })
  })
  afterAll(async () => {
    await shop?.close()
    await push?.close()
  })
  // each test opens its own connections (none kept alive from the one before)
  beforeEach(() => pushAgent.destroy())
  afterEach(() => vi.restoreAllMocks())

  async function member() {
    const details = registration()
    const registered = await shop.json('/api/v1/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(details) })
    const login = await shop.json('/api/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: details.email, password: details.password }) })
    const token = login.body.data.token as string
    const subscribe = (endpoint: string, keys = browserKeys().keys) =>
      shop.json('/api/v1/push-subscription', { method: 'POST', locale: 'en', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ endpoint, expirationTime: null, keys }) })
    return { id: registered.body.data.id as number, subscribe }
  }

  /** one push to the member, by a dispatcher of the test's own (its clock at noon), recording every connection it opens */
  async function pushTo(memberId: number, logger = keepingLogger()) {
    await notify(shop.database.db, { userId: memberId, type: 'payment_failed', payload: { order_no: `T${memberId}` }, url: null, dedupeKey: `outgoing:${memberId}` }, NOON)
    const dispatcher = new NotificationDispatcher({ db: shop.database.db, clock: () => NOON, logger, publisher, vapid, pushServiceHosts: hosts, mailer: { send: async () => undefined }, shop: { name: 'Shop', publicUrl: 'http://127.0.0.1' } })
    const connections = recordConnections()
    try {
      await dispatcher.runSignals(NOON)
    } finally {
      connections.stop()
    }
    return { opened: connections.opened, logger }
  }

  it('refuses every spelling one URL parser reads as another host, as the review found them', async () => {
    const m = await member()
    const taken: [string, number][] = []
    for (const endpoint of refusedSpellings(port)) {
      const answer = await m.subscribe(endpoint)
      if (answer.status !== 400 || Object.keys(answer.body.error.detail).join() !== 'endpoint') taken.push([endpoint, answer.status])
    }
    expect(taken).toEqual([])
    // what a browser sends is taken
    expect((await m.subscribe(`https://${push.host}/push/taken-${target.kind}`)).status).toBe(201)
  })

  it('sends nothing to a subscription kept before the check was strict: no connection but to the listed receiver, and the row is forgotten', async () => {
    fakeDns({ localhost: ['127.0.0.1'] })
    const m = await member()
    const good = push.subscription(`kept-${target.kind}`)
    expect((await m.subscribe(good.endpoint, good.keys)).status).toBe(201)
    // rows as an older shop stored them: written straight into the table
    for (const endpoint of refusedSpellings(port)) {
      await shop.database.db
        .insert(pushSubscriptions)
        .values({ user_id: m.id, endpoint, ...browserKeys().keys })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { user_id: m.id } })
    }
    const before = push.received.length
    const { opened } = await pushTo(m.id)

    expect(opened.map((c) => `${c.host}:${c.port}`)).toEqual([push.host])
    expect(opened.flatMap((c) => c.addresses)).toEqual([push.host])
    expect(push.received.slice(before).map((r) => r.path)).toEqual([`/push/kept-${target.kind}`])
    const left = await shop.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.user_id, m.id))
    expect(left.map((r) => r.endpoint)).toEqual([good.endpoint])
  })

  it('refuses at connect time a listed name that resolves to this host, a private network or the metadata service (DNS rebinding); a listed address or localhost still works', async () => {
    const rebound = { 'loopback.push.example': ['127.0.0.1'], 'metadata.push.example': ['169.254.169.254'], 'private.push.example': ['10.0.0.7'], 'mapped.push.example': ['::ffff:127.0.0.1'], 'unspecified.push.example': ['0.0.0.0'], 'ula.push.example': ['fd00:ec2::254'] }
    fakeDns({ ...rebound, localhost: ['127.0.0.1'] })
    const m = await member()
    const names = Object.keys(rebound)
    for (const name of names) {
      const endpoint = `https://${name}:${port}/push/${name}-${target.kind}`
      // the name itself is a listed one: taken, and checked again where the connection is made
      expect(checkEndpoint(endpoint, hosts)).toMatchObject({ hostname: name, listedAddress: false })
      expect((await m.subscribe(endpoint)).status).toBe(201)
    }
    const byAddress = push.subscription(`address-${target.kind}`)
    const byLocalhost = push.subscription(`localhost-${target.kind}`)
    expect((await m.subscribe(byAddress.endpoint, byAddress.keys)).status).toBe(201)
    expect((await m.subscribe(byLocalhost.endpoint.replace('127.0.0.1', 'localhost'), byLocalhost.keys)).status).toBe(201)
    const before = push.received.length
    const { opened, logger } = await pushTo(m.id)

    // each connection went to the host that was checked, and reached an address only where the list allows it
    for (const connection of opened) expect([...names, '127.0.0.1', 'localhost']).toContain(connection.host)
    expect(opened.filter((c) => names.includes(c.host)).flatMap((c) => c.addresses)).toEqual([])
    expect(opened.flatMap((c) => c.addresses)).toEqual([push.host, push.host])
    expect(
      push.received
        .slice(before)
        .map((r) => r.path)
        .sort(),
    ).toEqual([`/push/address-${target.kind}`, `/push/localhost-${target.kind}`])
    expect(logger.lines.filter((line) => line.startsWith('push connection refused'))).toHaveLength(names.length)
    // a refusal at connect time keeps the device (the name may answer rightly again) and is not retried
    const left = await shop.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.user_id, m.id))
    expect(left).toHaveLength(names.length + 2)
  })
})
