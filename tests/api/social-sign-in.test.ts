import { OAuth2Server } from 'oauth2-mock-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registration } from '../fixtures/member-factory'
import { databaseTargets, startShop, type TestShop } from './harness'

const targets = await databaseTargets()

/**
 * The whole code flow against a local OpenID provider: the shop's authorization URL, the
 * provider's redirect back with code and state, the token exchange with PKCE (and nonce for
 * Google), then the PWA's single-use code traded for a bearer token.
 */
describe.each(targets)('social sign-in on $kind', (target) => {
  const provider = new OAuth2Server()
  let shop: TestShop
  let profile: Record<string, unknown> = {}
  let graph: Record<string, unknown> = {}

  beforeAll(async () => {
    await provider.issuer.keys.generate('RS256')
    await provider.start(0, '127.0.0.1')
    const issuer = provider.issuer.url!
    provider.service.on('beforeTokenSigning', (token) => {
      if (token.payload.nonce !== undefined || token.payload.aud) Object.assign(token.payload, profile)
    })
    provider.service.on('beforeUserinfo', (response) => {
      response.body = graph
    })
    shop = await startShop(target, {
      env: {
        PUBLIC_URL: 'https://shop.test',
        GOOGLE_CLIENT_ID: 'shop-google',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        GOOGLE_ISSUER: issuer,
        FACEBOOK_CLIENT_ID: 'shop-facebook',
        FACEBOOK_CLIENT_SECRET: 'facebook-secret',
        FACEBOOK_AUTHORIZE_URL: `${issuer}/authorize`,
        FACEBOOK_TOKEN_URL: `${issuer}/token`,
        FACEBOOK_PROFILE_URL: `${issuer}/userinfo`,
      },
    })
  })
  afterAll(async () => {
    await shop?.close()
    await provider.stop()
  })

  /** Runs the browser's part: start, visit the provider, return to the callback; answers where the shop sends the browser. */
  async function signIn(name: 'google' | 'facebook', source = 'ec', tamper?: (url: URL) => void, referrerCode?: string) {
    const start = await shop.json(`/api/v1/auth/${name}?source=${source}${referrerCode ? `&referrer_code=${referrerCode}` : ''}`, { locale: 'en' })
    expect(start.status).toBe(200)
    const authorize = new URL(start.body.data)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('redirect_uri')).toBe(`https://shop.test/api/v1/auth/${name}/callback`)
    const atProvider = await fetch(authorize, { redirect: 'manual' })
    const callback = new URL(atProvider.headers.get('location')!)
    tamper?.(callback)
    const back = await shop.request(callback.pathname + callback.search)
    expect(back.status).toBe(302)
    return new URL(back.headers.get('location')!)
  }

  const exchange = (code: string) =>
    shop.json('/api/v1/auth/social/exchange', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }), locale: 'en' })

  it('offers only the configured providers', async () => {
    expect((await shop.json('/api/v1/config')).body.data.auth.providers).toEqual(['google', 'facebook'])
    const bare = await startShop({ kind: 'pglite' })
    try {
      expect((await bare.json('/api/v1/config')).body.data.auth.providers).toEqual([])
      const res = await bare.json('/api/v1/auth/google', { locale: 'en' })
      expect(res.status).toBe(404)
      expect(res.body.error.code).toBe('SOCIAL_PROVIDER_UNAVAILABLE')
    } finally {
      await bare.close()
    }
  })

  it('creates a verified member from a complete Google profile and signs them in', async () => {
    profile = { sub: 'google-1001', email: 'Mei.Lin@gmail.example', email_verified: true, given_name: '美', family_name: '林' }
    const landing = await signIn('google')
    expect(landing.origin + landing.pathname).toBe('https://shop.test/en/auth/social-callback')
    expect(landing.searchParams.get('source')).toBe('ec')
    const { status, body } = await exchange(landing.searchParams.get('code')!)
    expect(status).toBe(200)
    expect(body.data.user).toMatchObject({ email: 'mei.lin@gmail.example', first_name: '美', last_name: '林', logged_in_method: 'GOOGLE', has_password: false, social: [{ provider: 'google' }] })
    expect(body.data.user.email_verified_at).not.toBeNull()
    const me = await shop.json('/api/v1/user', { headers: { authorization: `Bearer ${body.data.token}` } })
    expect(me.body.data.email).toBe('mei.lin@gmail.example')

    const again = await exchange(landing.searchParams.get('code')!)
    expect(again.body.error.code).toBe('LINK_INVALID')

    const second = await signIn('google')
    expect((await exchange(second.searchParams.get('code')!)).body.data.user.id).toBe(body.data.user.id)
  })

  it('makes a member created by a social sign-in the friend of the referrer code it started with', async () => {
    const referrer = registration()
    expect((await shop.json('/api/v1/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(referrer) })).status).toBe(201)
    const login = await shop.json('/api/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: referrer.email, password: referrer.password }) })
    const auth = { authorization: `Bearer ${login.body.data.token}` }
    const code = (await shop.json('/api/v1/user/referrer', { headers: auth })).body.data.data.referrer_code as string
    expect((await shop.json('/api/v1/auth/google?referrer_code=<x>', { locale: 'en' })).status).toBe(400)

    profile = { sub: 'google-3003', email: 'hana.sato@gmail.example', email_verified: true, given_name: '花子', family_name: '佐藤' }
    const landing = await signIn('google', 'ec', undefined, code)
    const friend = await exchange(landing.searchParams.get('code')!)
    expect(friend.status).toBe(200)
    const mine = (await shop.json('/api/v1/user/referrer', { headers: auth })).body.data.data
    expect(mine.referrals).toEqual([expect.objectContaining({ name: '佐**子', status: 'joined', reason: null })])
    // the provider vouched for the address: the welcome coupon at once, no verification mail to wait for
    const wallet = (await shop.json('/api/v1/user/coupons', { headers: { authorization: `Bearer ${friend.body.data.token}` } })).body.data.coupons
    expect(wallet).toEqual([expect.objectContaining({ code: expect.stringMatching(/^FRIEND-/), value: 100 })])
  })

  it('links a Google account to an existing verified member with the same address', async () => {
    const form = registration({ email: 'kenji@example.jp' })
    await shop.json('/api/v1/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(form) })
    profile = { sub: 'google-2002', email: 'kenji@example.jp', email_verified: true, given_name: 'Kenji', family_name: 'Sato' }
    // the member's address is not verified yet: nothing is linked, the link waits for their own sign-in
    const waiting = await signIn('google')
    expect(waiting.pathname).toBe('/en/auth/social-callback')
    expect(waiting.searchParams.get('link')).toMatch(/\S{20,}/)

    const verify = new URL(shop.mails.findLast((m) => m.to === 'kenji@example.jp')!.link!)
    await shop.request(verify.pathname + verify.search)
    const landing = await signIn('google', 'subscribe')
    expect(landing.searchParams.get('source')).toBe('subscribe')
    const { body } = await exchange(landing.searchParams.get('code')!)
    expect(body.data.user).toMatchObject({ email: 'kenji@example.jp', first_name: form.first_name, has_password: true, social: [{ provider: 'google' }] })
  })

  it('asks a Facebook member without an e-mail to complete the registration', async () => {
    graph = { id: 'fb-3003', first_name: 'Yuki', last_name: 'Tanaka' }
    const landing = await signIn('facebook')
    expect(landing.pathname).toBe('/en/auth/social-register')
    const ticket = landing.searchParams.get('ticket')!
    const pending = await shop.json(`/api/v1/auth/social-register?ticket=${ticket}`)
    expect(pending.body.data).toEqual({ provider: 'facebook', email: null, first_name: 'Yuki', last_name: 'Tanaka', source: 'ec' })
    const complete = (body: Record<string, unknown>) =>
      shop.json('/api/v1/auth/social-register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket, first_name: 'Yuki', last_name: 'Tanaka', ...body }), locale: 'en' })
    expect((await complete({ email: 'kenji@example.jp' })).body.error.detail).toEqual({ email: ['this e-mail is already registered'] })
    const done = await complete({ email: 'yuki@example.jp' })
    expect(done.status).toBe(201)
    expect(done.body.data.user).toMatchObject({ email: 'yuki@example.jp', email_verified_at: null, logged_in_method: 'FACEBOOK', social: [{ provider: 'facebook' }] })
    expect((await complete({ email: 'yuki2@example.jp' })).body.error.code).toBe('LINK_INVALID')

    const returning = await signIn('facebook')
    expect((await exchange(returning.searchParams.get('code')!)).body.data.user.email).toBe('yuki@example.jp')
  })

  it('refuses a callback whose state was not issued by the shop', async () => {
    profile = { sub: 'google-4004', email: 'x@example.jp', email_verified: true, given_name: 'X', family_name: 'Y' }
    const landing = await signIn('google', 'ec', (url) => url.searchParams.set('state', 'forged-state'))
    expect(landing.pathname).toBe('/auth/social-callback')
    // a state the shop never gave: the sign-in began in another browser (or was used already)
    expect(landing.searchParams.get('error')).toBe('unknown')
  })
})
