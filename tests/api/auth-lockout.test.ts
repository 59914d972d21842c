import { createHash } from 'node:crypto'
import { count, desc, eq, inArray } from 'drizzle-orm'
import { OAuth2Server } from 'oauth2-mock-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAttempts, oneTimeTokens, rateLimits, signInLocks, trustedDevices, users } from '../../server/db/schema'
import { loadConfig } from '../../server/config'
import { drain } from '../../server/lib/drain'
import type { Logger } from '../../server/lib/logger'
import { hashPassword } from '../../server/lib/secrets'
import { forgotPassword } from '../../server/modules/auth/service'
import { registration } from '../fixtures/member-factory'
import { databaseTargets, startShop, type TestShop } from './harness'
import { memberEffects } from '../../server/flows/member-effects'

const targets = await databaseTargets()
const MINUTE = 60_000
const COOKIE = 'shop_device'

/** The device cookie a response sets, if any. */
function deviceCookieOf(headers: Headers) {
  const header = headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`))
  return header ? { header, value: header.slice(COOKIE.length + 1).split(';')[0]! } : undefined
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

describe.each(targets)('sign-in lock-out on $kind', (target) => {
  let shop: TestShop
  beforeAll(async () => {
    // behind a proxy: each request says which client address it comes from (unsaid: all the same one)
    shop = await startShop(target, { env: { PUBLIC_URL: 'https://shop.test', AUTH_RATE_LIMIT: '10000', TRUST_PROXY: 'true' } })
  })
  afterAll(() => shop?.close())

  const post = (path: string, body: unknown, device?: string, from?: string) =>
    shop.json(path, {
      method: 'POST',
      locale: 'en',
      headers: { 'content-type': 'application/json', ...(device === undefined ? {} : { cookie: `${COOKIE}=${device}` }), ...(from ? { 'x-forwarded-for': from } : {}) },
      body: JSON.stringify(body),
    })
  const login = (email: string, password: string, device?: string, from?: string) => post('/api/v1/login', { email, password }, device, from)
  let addresses = 0
  /** a client address no test has used */
  const newAddress = () => `198.51.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`

  /** A registered member and the device cookie of their first sign-in. */
  async function member() {
    const body = registration()
    expect((await post('/api/v1/register', body)).status).toBe(201)
    const first = await login(body.email, body.password)
    expect(first.status).toBe(200)
    return { email: body.email, password: body.password, id: first.body.data.user.id as number, device: deviceCookieOf(first.headers)!.value }
  }

  const lockOut = async (email: string) => {
    for (const password of ['guess-one', 'guess-two', 'guess-three']) await login(email, password)
  }

  it('answers an unknown address exactly like a known one, attempt after attempt, with the same writes', async () => {
    const m = await member()
    const ghost = 'ghost.member@example.tw'
    const sequence = async (email: string) => {
      const answers = []
      for (let i = 1; i <= 5; i++) {
        const res = await login(email, `wrong-pass-${i}`)
        answers.push({ status: res.status, body: res.body, cookie: deviceCookieOf(res.headers) })
      }
      return answers
    }
    const known = await sequence(m.email)
    const unknown = await sequence(ghost)
    expect(known.map((a) => a.status)).toEqual([401, 401, 429, 429, 429])
    expect(unknown).toEqual(known)
    expect(known[2]!.body.error).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Wrong account or password too many times; please try again later.',
      detail: { lock_minutes: 15, retry_after: 900 },
    })
    expect(known.every((a) => a.cookie === undefined)).toBe(true)

    // the same counts: this client address's at the address, and the address's own
    const locksOf = async (email: string) =>
      (await shop.database.db.select().from(signInLocks).where(inArray(signInLocks.key, [`pair:unknown|${email}`, `email:${email}`])))
        .map(({ key, failures, locked_until }) => ({ key: key.replace(email, '…'), failures, locked_until }))
        .sort((a, b) => a.key.localeCompare(b.key))
    expect(await locksOf(m.email)).toHaveLength(2)
    expect(await locksOf(ghost)).toEqual(await locksOf(m.email))
    const outcomes = async (email: string) =>
      (await shop.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, email)).orderBy(loginAttempts.id)).map((a) => a.outcome).slice(-5)
    expect(await outcomes(ghost)).toEqual(await outcomes(m.email))
    expect(await outcomes(ghost)).toEqual(['FAILED', 'FAILED', 'FAILED', 'LOCKED', 'LOCKED'])

    // the unknown address unlocks after LOCK_MINUTES like the known one
    shop.clock.advance(15 * MINUTE)
    expect((await login(ghost, 'wrong-pass-6')).status).toBe(401)
    expect((await login(m.email, m.password)).status).toBe(200)
  })

  it('sets an HttpOnly, Secure, SameSite=Lax device cookie for the API only, keeping just its fingerprint', async () => {
    const body = registration()
    await post('/api/v1/register', body)
    const res = await login(body.email, body.password)
    const cookie = deviceCookieOf(res.headers)!
    expect(cookie.value).toMatch(/^[\w-]{43}$/)
    expect(cookie.header).toContain('Path=/api/v1/')
    expect(cookie.header).toContain('HttpOnly')
    expect(cookie.header).toContain('Secure')
    expect(cookie.header).toContain('SameSite=Lax')
    expect(cookie.header).toContain(`Max-Age=${365 * 86_400}`)
    const rows = await shop.database.db.select().from(trustedDevices).where(eq(trustedDevices.user_id, res.body.data.user.id))
    expect(rows.map((r) => r.token_hash)).toEqual([createHash('sha256').update(cookie.value).digest('hex')])
    expect(JSON.stringify(rows)).not.toContain(cookie.value)

    // signing in again on the device renews the same cookie instead of adding another device
    const again = await login(body.email, body.password, cookie.value)
    expect(deviceCookieOf(again.headers)!.value).toBe(cookie.value)
    expect(await shop.database.db.select().from(trustedDevices).where(eq(trustedDevices.user_id, res.body.data.user.id))).toHaveLength(1)

    // a client that drops cookies gets a new device each time, but a member keeps at most 20, the newest
    for (let i = 0; i < 20; i++) {
      shop.clock.advance(1000)
      await login(body.email, body.password)
    }
    const kept = await shop.database.db.select().from(trustedDevices).where(eq(trustedDevices.user_id, res.body.data.user.id))
    expect(kept).toHaveLength(20)
    expect(kept.map((r) => r.token_hash)).not.toContain(rows[0]!.token_hash)
  })

  it("lets a stranger's failures lock untrusted clients while the owner's device still signs in", async () => {
    const m = await member()
    await lockOut(m.email)
    const untrusted = await login(m.email, m.password)
    expect(untrusted.status).toBe(429)
    expect(untrusted.body.error.code).toBe('TOO_MANY_ATTEMPTS')
    const owner = await login(m.email, m.password, m.device)
    expect(owner.status).toBe(200)
    expect(owner.body.data.user.id).toBe(m.id)
    // and the owner's success does not lift the lock the stranger caused
    expect((await login(m.email, m.password)).status).toBe(429)
  })

  it("locks only the stranger's own address: the owner signs in from another one, on a browser never used before", async () => {
    const m = await member()
    const stranger = newAddress()
    for (const password of ['guess-one', 'guess-two', 'guess-three']) await login(m.email, password, undefined, stranger)
    expect((await login(m.email, m.password, undefined, stranger)).status).toBe(429)
    const owner = await login(m.email, m.password, undefined, newAddress())
    expect(owner.status).toBe(200)
    expect(deviceCookieOf(owner.headers)).toBeDefined()
    // the owner's sign-in does not lift the stranger's lock either
    expect((await login(m.email, m.password, undefined, stranger)).status).toBe(429)
    shop.clock.advance(15 * MINUTE)
    expect((await login(m.email, m.password, undefined, stranger)).status).toBe(200)
  })

  it('slows guessing spread over many addresses: from the seventh failure in a row each wait doubles, up to a minute, for unknown addresses alike', async () => {
    const m = await member()
    const run = async (email: string) => {
      const statuses: number[] = []
      const waits: number[] = []
      for (let n = 1; n <= 17; n++) {
        // each guess from an address of its own, so no address's own count locks
        statuses.push((await login(email, `guess-${n}`, undefined, newAddress())).status)
        const [count] = await shop.database.db.select().from(signInLocks).where(eq(signInLocks.key, `email:${email}`))
        const until = count!.locked_until?.getTime() ?? shop.clock.time
        waits.push((until - shop.clock.time) / 1000)
        // a try during the wait is refused, even with the right password, and not counted
        if (until > shop.clock.time) {
          const early = await login(email, email === m.email ? m.password : 'any-password', undefined, newAddress())
          expect(early.status).toBe(429)
          expect(early.body.error).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', detail: { lock_minutes: Math.ceil((until - shop.clock.time) / MINUTE), retry_after: (until - shop.clock.time) / 1000 } })
        }
        shop.clock.time = until
      }
      return { statuses, waits }
    }
    const known = await run(m.email)
    // a minute at most: a stranger who keeps failing holds the owner's new browsers back a minute at a time, not LOCK_MINUTES
    expect(known.waits).toEqual([0, 0, 0, 0, 0, 0, 2, 4, 8, 16, 32, 60, 60, 60, 60, 60, 60])
    expect(known.statuses).toEqual([401, 401, 401, 401, 401, 401, ...Array(11).fill(429)])
    expect(await run('nobody.guessed@example.tw')).toEqual(known)

    // the owner's trusted device is not held back; signing in from an untrusted browser once the
    // wait is over starts the account's count again
    expect((await login(m.email, 'guess-18', undefined, newAddress())).status).toBe(429)
    expect((await login(m.email, m.password, m.device)).status).toBe(200)
    shop.clock.advance(MINUTE)
    expect((await login(m.email, m.password, undefined, newAddress())).status).toBe(200)
    expect((await login(m.email, 'one-typo', undefined, newAddress())).status).toBe(401)
  })

  it('counts each try before verifying it: a burst of wrong passwords gets no more tries than one after another', async () => {
    const verified = async (email: string) =>
      (await shop.database.db.select({ outcome: loginAttempts.outcome }).from(loginAttempts).where(eq(loginAttempts.email, email))).filter((a) => a.outcome === 'FAILED').length
    const burst = async (email: string, from: () => string | undefined, device?: string) => {
      const before = await verified(email)
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login(email, `burst-${i}`, device, from())))
      return { statuses: answers.map((a) => a.status).sort(), verified: (await verified(email)) - before }
    }
    // one address: three tries at the account, the third locking it; the rest refused unverified
    const one = newAddress()
    const fromOne = await member()
    expect(await burst(fromOne.email, () => one)).toEqual({ statuses: [401, 401, ...Array(8).fill(429)], verified: 3 })
    expect((await login(fromOne.email, fromOne.password, undefined, one)).status).toBe(429)
    // a trusted device: its own three
    expect(await burst(fromOne.email, () => undefined, fromOne.device)).toEqual({ statuses: [401, 401, ...Array(8).fill(429)], verified: 3 })
    // many addresses: the account's six free failures and the seventh, which holds the rest back
    const fromMany = await member()
    expect(await burst(fromMany.email, newAddress)).toEqual({ statuses: [...Array(6).fill(401), ...Array(4).fill(429)], verified: 7 })
  })

  it('holds an account that has failed thousands of times a minute per failure, never answering 500', async () => {
    const m = await member()
    await shop.database.db.delete(signInLocks).where(eq(signInLocks.key, `email:${m.email}`))
    await shop.database.db.insert(signInLocks).values({ key: `email:${m.email}`, failures: 2000, updated_at: shop.clock.now() })
    const held = await login(m.email, 'guess-2001', undefined, newAddress())
    expect(held.status).toBe(429)
    expect(held.body.error).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', detail: { lock_minutes: 1, retry_after: 60 } })
    shop.clock.advance(MINUTE)
    expect((await login(m.email, 'guess-2002', undefined, newAddress())).status).toBe(429)
    shop.clock.advance(MINUTE)
    expect((await login(m.email, m.password, undefined, newAddress())).status).toBe(200)
  })

  it('logs the raw client address of each try and counts an IPv6 client by its /64', async () => {
    const m = await member()
    const first = '2001:db8:63:1:aaaa::1'
    const second = '2001:db8:63:1:bbbb:0:0:2'
    expect((await login(m.email, 'guess-one', undefined, first)).status).toBe(401)
    expect((await login(m.email, 'guess-two', undefined, second)).status).toBe(401)
    expect((await login(m.email, 'guess-three', undefined, first)).status).toBe(429)
    expect((await login(m.email, m.password, undefined, second)).status).toBe(429)
    const logged = await shop.database.db.select({ address: loginAttempts.address }).from(loginAttempts).where(eq(loginAttempts.email, m.email)).orderBy(loginAttempts.id)
    expect(logged.map((a) => a.address).slice(-4)).toEqual([first, second, first, second])
    const [pair] = await shop.database.db.select().from(signInLocks).where(eq(signInLocks.key, `pair:2001:db8:63:1::/64|${m.email}`))
    expect(pair!.locked_until).not.toBeNull()
  })

  it("starts an account's count again after a day without failures", async () => {
    const m = await member()
    for (let n = 1; n <= 6; n++) expect((await login(m.email, `guess-${n}`, undefined, newAddress())).status).toBe(401)
    shop.clock.advance(24 * 60 * MINUTE + 1000)
    expect((await login(m.email, 'guess-7', undefined, newAddress())).status).toBe(401)
    shop.clock.advance(1000)
    for (let n = 8; n <= 12; n++) expect((await login(m.email, `guess-${n}`, undefined, newAddress())).status).toBe(401)
    expect((await login(m.email, 'guess-13', undefined, newAddress())).status).toBe(429)
  })

  it("locks a device cookie after its own three failures, leaving other clients' count alone", async () => {
    const m = await member()
    const statuses = []
    for (const password of ['typo-one', 'typo-two', 'typo-three']) statuses.push((await login(m.email, password, m.device)).status)
    expect(statuses).toEqual([401, 401, 429])
    const right = await login(m.email, m.password, m.device)
    expect(right.status).toBe(429)
    expect(right.body.error).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', detail: { lock_minutes: 15 } })
    expect((await login(m.email, m.password)).status).toBe(200)
    shop.clock.advance(15 * MINUTE)
    expect((await login(m.email, m.password, m.device)).status).toBe(200)
  })

  it("gives no trust to a forged, expired or other member's device cookie", async () => {
    const owner = await member()
    const other = await member()
    await lockOut(owner.email)
    for (const device of [other.device, 'A'.repeat(43), 'not a token', '']) {
      const res = await login(owner.email, owner.password, device)
      expect(res.status).toBe(429)
      expect(deviceCookieOf(res.headers)).toBeUndefined()
    }
    // failures under another member's cookie count for the address, not for that member's device
    expect((await login(owner.email, 'guess-four', other.device)).status).toBe(429)
    expect((await login(other.email, other.password, other.device)).status).toBe(200)

    // a device cookie expires a year after its last sign-in
    shop.clock.advance(366 * 24 * 60 * MINUTE)
    await lockOut(owner.email)
    expect((await login(owner.email, owner.password, owner.device)).status).toBe(429)
  })

  it('trusts the browser that completes a password reset', async () => {
    const m = await member()
    await lockOut(m.email)
    await post('/api/v1/forgot_password', { email: m.email })
    const token = new URL(shop.mails.at(-1)!.link!).searchParams.get('token')
    const reset = await post('/api/v1/reset_password', { token, email: m.email, password: 'sencha-2026', password_confirmation: 'sencha-2026' })
    expect(reset.status).toBe(200)
    const device = deviceCookieOf(reset.headers)!.value
    expect(device).not.toBe(m.device)
    // the reset lifts the address's lock; a stranger locks it again, the resetting browser still signs in
    expect((await login(m.email, 'sencha-2026')).status).toBe(200)
    await lockOut(m.email)
    expect((await login(m.email, 'sencha-2026')).status).toBe(429)
    expect((await login(m.email, 'sencha-2026', device)).status).toBe(200)
  })

  it('takes as long for an unknown address as for a known one', async () => {
    const rounds = 12
    const password = 'hojicha-2026'
    const passwordHash = await hashPassword(password)
    const known = Array.from({ length: rounds }, (_, i) => `timing${i}@example.tw`)
    await shop.database.db
      .insert(users)
      .values(known.map((email, i) => ({ email, password_hash: passwordHash, first_name: '計', last_name: '時', referrer_code: `TIME${String(i).padStart(4, '0')}` })))
    const timed = async (email: string) => {
      const start = performance.now()
      await login(email, 'wrong-timing')
      return performance.now() - start
    }
    const knownMs: number[] = []
    const unknownMs: number[] = []
    // interleaved, so that whatever else the machine does weighs on both alike; each address's
    // three attempts all verify a password (the third one locks)
    for (let i = 0; i < rounds; i++) {
      for (let attempt = 0; attempt < 3; attempt++) {
        knownMs.push(await timed(known[i]!))
        unknownMs.push(await timed(`nobody${i}@example.tw`))
      }
    }
    const ratio = median(knownMs) / median(unknownMs)
    console.info(`[timing on ${target.kind}] known ${median(knownMs).toFixed(1)} ms, unknown ${median(unknownMs).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`)
    expect(ratio).toBeGreaterThan(0.5)
    expect(ratio).toBeLessThan(2)
  })
})

describe.each(targets)('password recovery on $kind tells no address apart', (target) => {
  let shop: TestShop
  /** what the mail server does with the next mails: take them, never answer, or refuse */
  let server: 'takes' | 'hangs' | 'fails' = 'takes'
  beforeAll(async () => {
    shop = await startShop(target, {
      env: { AUTH_RATE_LIMIT: '10000' },
      send: async () => {
        if (server === 'hangs') await new Promise(() => undefined)
        if (server === 'fails') throw new Error('connect ECONNREFUSED 127.0.0.1:25')
      },
    })
  })
  afterAll(async () => {
    server = 'takes'
    await shop?.close()
  })

  const forgot = (email: string) =>
    Promise.race([
      shop.json('/api/v1/forgot_password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer for ${email} within 3 s`)), 3000)),
    ])
  async function member() {
    const body = registration()
    expect((await shop.json('/api/v1/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status).toBe(201)
    return body.email
  }
  const rows = async () => ({
    links: (await shop.database.db.select({ n: count() }).from(oneTimeTokens))[0]!.n,
    counters: (await shop.database.db.select({ n: count() }).from(rateLimits))[0]!.n,
  })

  it('writes the same rows for an unknown address as for a known one, and mails only the known one', async () => {
    const known = await member()
    // the first request from this client starts its per-address rate counter
    await forgot('warm.up@example.tw')
    const mailsBefore = shop.mails.length
    const before = await rows()
    expect((await forgot(known)).status).toBe(200)
    const afterKnown = await rows()
    expect((await forgot('nobody.here@example.tw')).status).toBe(200)
    const afterUnknown = await rows()
    const delta = (a: typeof before, b: typeof before) => ({ links: b.links - a.links, counters: b.counters - a.counters })
    expect(delta(before, afterKnown)).toEqual({ links: 1, counters: 1 })
    expect(delta(afterKnown, afterUnknown)).toEqual(delta(before, afterKnown))
    expect(shop.mails.slice(mailsBefore).map((m) => m.to)).toEqual([known])
    // the unknown address's link belongs to no one: it was never sent, and could not reset anything
    const [decoy] = await shop.database.db.select().from(oneTimeTokens).orderBy(desc(oneTimeTokens.id)).limit(1)
    expect(decoy).toMatchObject({ purpose: 'reset_password', user_id: null, used_at: null })
  })

  it('answers a known address without waiting for its mail, and the same when the mail server fails', async () => {
    const slow = await member()
    const refused = await member()
    server = 'hangs'
    const unanswered = await forgot(slow)
    server = 'fails'
    const failed = await forgot(refused)
    server = 'takes'
    expect(unanswered).toMatchObject({ status: 200, body: { data: true } })
    expect(failed).toMatchObject({ status: 200, body: { data: true } })
    expect(await forgot('nobody.either@example.tw')).toMatchObject({ status: 200, body: { data: true } })
  })

  it('logs a reset mail that failed by its error summary alone, and shutdown waits for a mail still being sent', async () => {
    const email = await member()
    const logged: { message: string; extra?: Record<string, unknown> }[] = []
    const quiet = () => undefined
    const logger: Logger = { debug: quiet, info: quiet, warn: quiet, error: (message, extra) => logged.push({ message, extra }) }
    let refuse = () => undefined as void
    const mailer = {
      send: () =>
        new Promise<void>((_, reject) => {
          refuse = () => reject(Object.assign(new Error(`550 no such mailbox: ${email}`), { code: 'EENVELOPE' }))
        }),
    }
    const shutdown = drain()
    const config = loadConfig({ NODE_ENV: 'test' })
    const deps = { db: shop.database.db, clock: shop.clock.now, mailer, config, logger, afterAnswer: shutdown.track, memberEffects: memberEffects(config) }
    await forgotPassword(deps, email, 'en')
    shutdown.begin()
    let idle = false
    const stopped = shutdown.idle(5000).then(() => (idle = true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(idle).toBe(false)
    refuse()
    await stopped
    expect(logged).toEqual([{ message: 'a password-reset mail could not be sent', extra: { error: { name: 'Error', code: 'EENVELOPE', frames: expect.any(Array) } } }])
    expect((logged[0]!.extra!.error as { frames: string[] }).frames.length).toBeGreaterThan(0)
    expect(JSON.stringify(logged)).not.toContain(email)
  })
})

describe.each(targets)('social sign-in trusts the device on $kind', (target) => {
  const provider = new OAuth2Server()
  let shop: TestShop
  beforeAll(async () => {
    await provider.issuer.keys.generate('RS256')
    await provider.start(0, '127.0.0.1')
    provider.service.on('beforeTokenSigning', (token) => {
      if (token.payload.nonce !== undefined) Object.assign(token.payload, { sub: 'google-2001', email: 'lock.test@gmail.example', email_verified: true, given_name: '安', family_name: '陳' })
    })
    shop = await startShop(target, {
      env: { PUBLIC_URL: 'https://shop.test', GOOGLE_CLIENT_ID: 'shop-google', GOOGLE_CLIENT_SECRET: 'google-secret', GOOGLE_ISSUER: provider.issuer.url!, AUTH_RATE_LIMIT: '1000' },
    })
  })
  afterAll(async () => {
    await shop?.close()
    await provider.stop()
  })

  it('sets the device cookie when the social code is exchanged for a token', async () => {
    const start = await shop.json('/api/v1/auth/google?source=ec')
    const atProvider = await fetch(new URL(start.body.data), { redirect: 'manual' })
    const callback = new URL(atProvider.headers.get('location')!)
    const back = await shop.request(callback.pathname + callback.search)
    const code = new URL(back.headers.get('location')!).searchParams.get('code')
    const exchanged = await shop.json('/api/v1/auth/social/exchange', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) })
    expect(exchanged.status).toBe(200)
    const device = deviceCookieOf(exchanged.headers)!.value
    const [row] = await shop.database.db.select().from(trustedDevices).where(eq(trustedDevices.token_hash, createHash('sha256').update(device).digest('hex')))
    expect(row!.user_id).toBe(exchanged.body.data.user.id)
  })
})
