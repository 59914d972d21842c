/**
 * Sign in with LINE (LINE Login v2.1, decision 77) against the local stand-in that speaks LINE's
 * endpoints: a new member with and without an e-mail, an existing account linked only after its
 * own sign-in, ID tokens that are not this sign-in's refused, a callback from another browser (an
 * unknown state) and a replayed one refused cleanly, and the official account's friendship flag.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { socialAccounts, users } from '../../server/db/schema'
import { registration } from '../fixtures/member-factory'
import { LINE_PROFILE_COOKIE, lineEnv, startLineProvider, type LineProfile, type LineProvider } from '../e2e/support/line-provider'
import { databaseTargets, startShop, type TestShop } from './harness'

const targets = await databaseTargets()
const json = { 'content-type': 'application/json' }

describe.each(targets)('sign in with LINE on $kind', (target) => {
  let line: LineProvider
  let shop: TestShop
  /** the cookie the last callback set in the browser (a link's secret), as `name=value` */
  let browserCookie = ''
  beforeAll(async () => {
    line = await startLineProvider()
    shop = await startShop(target, { env: { PUBLIC_URL: 'https://shop.test', AUTH_RATE_LIMIT: '1000', LINE_BOT_PROMPT: 'normal', ...lineEnv(line) } })
  })
  afterAll(async () => {
    await shop?.close()
    await line?.close()
  })

  /** The browser's part: the shop's authorization URL, LINE's page (as `profile`), back to the callback. */
  async function signIn(profile: LineProfile, options: { locale?: string; replay?: (callback: URL) => Promise<void> } = {}) {
    const start = await shop.json('/api/v1/auth/line?source=ec', { locale: options.locale ?? 'en' })
    expect(start.status).toBe(200)
    const authorize = new URL(start.body.data)
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ response_type: 'code', client_id: '1650000000', scope: 'profile openid email', code_challenge_method: 'S256', bot_prompt: 'normal', redirect_uri: 'https://shop.test/api/v1/auth/line/callback' })
    expect(authorize.searchParams.get('nonce')).toMatch(/\S{20,}/)
    const atLine = await fetch(authorize, { redirect: 'manual', headers: { cookie: `${LINE_PROFILE_COOKIE}=${encodeURIComponent(JSON.stringify(profile))}` } })
    const callback = new URL(atLine.headers.get('location')!)
    const back = await shop.request(callback.pathname + callback.search)
    expect(back.status).toBe(302)
    browserCookie = (back.headers.get('set-cookie') ?? '').split(';')[0]!
    await options.replay?.(callback)
    return new URL(back.headers.get('location')!)
  }
  const exchange = (code: string) => shop.json('/api/v1/auth/social/exchange', { method: 'POST', headers: json, body: JSON.stringify({ code }), locale: 'en' })
  const complete = (body: Record<string, unknown>) => shop.json('/api/v1/auth/social-register', { method: 'POST', headers: json, body: JSON.stringify(body), locale: 'en' })
  const sub = (n: number) => `U${String(n).padStart(32, '0')}`

  it('offers LINE with the other providers once its channel is set', async () => {
    expect((await shop.json('/api/v1/config')).body.data.auth.providers).toEqual(['line'])
  })

  it('registers a new member from LINE: the display name goes to the form, the address LINE gave is verified by the shop’s own mail', async () => {
    const landing = await signIn({ sub: sub(1), name: '美玲', email: 'meiling.line@example.tw', friend: true })
    expect(landing.pathname).toBe('/en/auth/social-register')
    const ticket = landing.searchParams.get('ticket')!
    expect((await shop.json(`/api/v1/auth/social-register?ticket=${ticket}`)).body.data).toEqual({ provider: 'line', email: 'meiling.line@example.tw', first_name: '美玲', last_name: '', source: 'ec' })
    const done = await complete({ ticket, email: 'meiling.line@example.tw', first_name: '美玲', last_name: '林' })
    expect(done.status).toBe(201)
    expect(done.body.data.user).toMatchObject({ email: 'meiling.line@example.tw', email_verified_at: null, logged_in_method: 'LINE', has_password: false, social: [{ provider: 'line' }] })
    // LINE does not say it verified the address: the shop asks, as for any new address
    expect(shop.mails.findLast((m) => m.to === 'meiling.line@example.tw')?.link).toMatch(/verify_email\/confirm/)
    const [account] = await shop.database.db.select().from(socialAccounts).where(eq(socialAccounts.provider_user_id, sub(1)))
    expect(account!.friend).toBe(true)

    // the next sign-in goes straight in, and follows the friendship
    const again = await signIn({ sub: sub(1), name: '美玲', email: 'meiling.line@example.tw', friend: false })
    expect((await exchange(again.searchParams.get('code')!)).body.data.user.email).toBe('meiling.line@example.tw')
    const [after] = await shop.database.db.select().from(socialAccounts).where(eq(socialAccounts.provider_user_id, sub(1)))
    expect(after!.friend).toBe(false)
  })

  it('asks a LINE member without an e-mail for one', async () => {
    const landing = await signIn({ sub: sub(2), name: 'Kenta' })
    const ticket = landing.searchParams.get('ticket')!
    expect((await shop.json(`/api/v1/auth/social-register?ticket=${ticket}`)).body.data).toMatchObject({ provider: 'line', email: null })
    expect((await complete({ ticket, first_name: 'Kenta', last_name: 'Sato' })).status).toBe(400)
    const done = await complete({ ticket, email: 'kenta@example.jp', first_name: 'Kenta', last_name: 'Sato' })
    expect(done.body.data.user).toMatchObject({ email: 'kenta@example.jp', email_verified_at: null })
    expect(shop.mails.findLast((m) => m.to === 'kenta@example.jp')?.link).toMatch(/verify_email\/confirm/)
  })

  it('links LINE to an existing account only after that account signs in itself', async () => {
    const form = registration({ email: 'owner@example.tw' })
    await shop.json('/api/v1/register', { method: 'POST', headers: json, body: JSON.stringify(form) })
    const landing = await signIn({ sub: sub(3), name: 'Owner', email: 'owner@example.tw' })
    expect(landing.pathname).toBe('/en/auth/social-callback')
    const ticket = landing.searchParams.get('link')!
    expect((await shop.json(`/api/v1/auth/social-link?ticket=${ticket}`)).body.data).toEqual({ provider: 'line', email: 'owner@example.tw', source: 'ec' })
    // nothing is linked yet: LINE alone does not sign this account in
    expect(await shop.database.db.select().from(socialAccounts).where(eq(socialAccounts.provider_user_id, sub(3)))).toEqual([])
    // the browser that came back from LINE holds the link's secret (HttpOnly, for the API's auth paths)
    const secret = browserCookie
    expect(secret).toMatch(/^shop_social_link=\S{20,}$/)
    const link = (token: string | undefined, cookie = secret) =>
      shop.json('/api/v1/auth/social/link', { method: 'POST', headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(cookie ? { cookie } : {}) }, body: JSON.stringify({ ticket }), locale: 'en' })
    expect((await link(undefined)).status).toBe(401)
    // another member, signed in, cannot take it
    const other = registration()
    await shop.json('/api/v1/register', { method: 'POST', headers: json, body: JSON.stringify(other) })
    const otherToken = (await shop.json('/api/v1/login', { method: 'POST', headers: json, body: JSON.stringify({ email: other.email, password: other.password }) })).body.data.token
    expect((await link(otherToken)).body.error.code).toBe('LINK_INVALID')
    // the owner signs in with their password, and the link is made
    const token = (await shop.json('/api/v1/login', { method: 'POST', headers: json, body: JSON.stringify({ email: form.email, password: form.password }) })).body.data.token
    // the owner signed in elsewhere (a browser without the secret: the ticket's address was sent to them) links nothing
    expect((await link(token, '')).body.error.code).toBe('LINK_INVALID')
    expect((await link(token)).body.data).toEqual({ provider: 'line' })
    expect((await link(token)).body.error.code).toBe('LINK_INVALID')
    const next = await signIn({ sub: sub(3), name: 'Owner', email: 'owner@example.tw' })
    expect((await exchange(next.searchParams.get('code')!)).body.data.user).toMatchObject({ email: 'owner@example.tw', has_password: true, social: [{ provider: 'line' }] })
  })

  it('refuses ID tokens that are not this sign-in’s: another channel’s, another nonce, expired, or not signed with the channel secret', async () => {
    const before = (await shop.database.db.select().from(users)).length
    for (const tamper of ['aud', 'nonce', 'expired', 'signature'] as const) {
      const landing = await signIn({ sub: sub(4), name: 'Forger', email: 'forger@example.tw', tamper })
      expect(landing.searchParams.get('error'), tamper).toBe('failed')
    }
    expect((await shop.database.db.select().from(users)).length).toBe(before)
  })

  it('says so cleanly when the sign-in began in another browser, was cancelled, or its callback is replayed', async () => {
    const cancelled = await signIn({ sub: sub(5), name: 'Cancel', cancel: true })
    expect(cancelled.searchParams.get('error')).toBe('cancelled')
    // LINE sent the shopper back to a browser that never began it: a state the shop does not hold
    const elsewhere = await shop.request('/api/v1/auth/line/callback?code=abc&state=state-of-another-browser')
    expect(new URL(elsewhere.headers.get('location')!).searchParams.get('error')).toBe('unknown')
    // the same callback a second time (a reload, or someone who saw the address): refused, the first sign-in stands
    let replayed: URL | undefined
    const first = await signIn({ sub: sub(6), name: 'Replay', email: 'replay@example.tw' }, {
      replay: async (callback) => {
        const again = await shop.request(callback.pathname + callback.search)
        replayed = new URL(again.headers.get('location')!)
      },
    })
    expect(first.pathname).toBe('/en/auth/social-register')
    expect(replayed!.searchParams.get('error')).toBe('unknown')
  })
})
