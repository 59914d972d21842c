import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authTokens, users } from '../../server/db/schema'
import { registration } from '../fixtures/member-factory'
import { databaseTargets, startShop, type TestShop } from './harness'

const targets = await databaseTargets()
const MINUTE = 60_000

describe.each(targets)('accounts on $kind', (target) => {
  let shop: TestShop
  beforeAll(async () => {
    shop = await startShop(target, { env: { PUBLIC_URL: 'https://shop.test', AUTH_RATE_LIMIT: '1000' } })
  })
  afterAll(() => shop?.close())

  const post = (path: string, body: unknown, init: { locale?: string; token?: string } = {}) =>
    shop.json(path, {
      method: 'POST',
      locale: init.locale,
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: JSON.stringify(body),
    })
  const put = (path: string, body: unknown, token: string, locale?: string) =>
    shop.json(path, { method: 'PUT', locale, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) })
  const get = (path: string, token?: string, locale?: string) => shop.json(path, { locale, headers: token ? { authorization: `Bearer ${token}` } : {} })

  async function member(overrides: Record<string, unknown> = {}) {
    const body = registration(overrides)
    const res = await post('/api/v1/register', body)
    expect(res.status).toBe(201)
    const login = await post('/api/v1/login', { email: body.email, password: body.password })
    return { ...body, id: res.body.data.id as number, token: login.body.data.token as string }
  }

  describe('register', () => {
    it('creates a member with the defaults, a hashed password and a verification mail in their language', async () => {
      const body = registration({ email: 'Hanako.Sato@Example.JP' })
      const { status, body: res } = await post('/api/v1/register', body, { locale: 'ja' })
      expect(status).toBe(201)
      expect(res.data).toMatchObject({
        first_name: '小明',
        email: 'hanako.sato@example.jp',
        nationality: 'Taiwan',
        // not the spec's MALE: the member has not chosen (decision 54)
        gender: null,
        birthday: '1990-05-17',
        email_verified_at: null,
        logged_in_method: 'GENERAL',
        has_password: true,
        social: [],
        locale: 'ja',
      })
      expect(res.data.referrer_code).toMatch(/^[A-Z0-9]{8}$/)
      const [row] = await shop.database.db.select().from(users).where(eq(users.email, 'hanako.sato@example.jp'))
      expect(row!.password_hash).toMatch(/^\$argon2id\$/)
      expect(row!.password_hash).not.toContain(body.password)
      const mail = shop.mails.at(-1)!
      expect(mail.to).toBe('hanako.sato@example.jp')
      expect(mail.subject).toContain('メールアドレスの確認')
      expect(mail.html).toContain('https://shop.test/api/v1/user/verify_email/confirm?token=')
      expect(mail.text).toContain(mail.link)
    })

    it('checks the form rules and the server rules, reporting each field and creating nothing', async () => {
      const before = (await shop.database.db.select().from(users)).length
      const { status, body } = await post(
        '/api/v1/register',
        registration({ first_name: 'x'.repeat(101), last_name: 'x'.repeat(101), email: 'a@b', password: 'short', password_confirmation: 'other', birthday: '17/05/1990', gender: 'ROBOT' }),
        { locale: 'en' },
      )
      expect(status).toBe(400)
      expect(body.error.code).toBe('VALIDATION_FAILED')
      expect(body.error.detail).toMatchObject({
        first_name: ['may be at most 100 characters'],
        last_name: ['may be at most 100 characters'],
        email: ['must be a valid e-mail address'],
        password: ['must be at least 8 characters'],
        birthday: ['must be a date (yyyy-MM-dd)'],
        gender: ['is not one of the allowed values'],
      })
      const mismatch = await post('/api/v1/register', registration({ password_confirmation: 'matcha-2027' }), { locale: 'zh_tw' })
      expect(mismatch.body.error.detail).toEqual({ password: ['新密碼輸入不一致'] })
      const notEmail = await post('/api/v1/register', registration({ email: 'not-an-address' }), { locale: 'en' })
      expect(notEmail.body.error.detail).toEqual({ email: ['must be a valid e-mail address'] })
      expect((await shop.database.db.select().from(users)).length).toBe(before)
    })

    it('takes real addresses and names whole: a 31- and a 254-character e-mail, Christopher, a long name in any script', async () => {
      const longName = 'Wolfeschlegelsteinhausenbergerdorff'
      const thirtyOne = 'alexandra.chen.taipei@gmail.com'
      const local = 'a'.repeat(64)
      const longest = `${local}@${['b'.repeat(63), 'c'.repeat(63), 'd'.repeat(58), 'tw'].join('.')}`
      expect([thirtyOne.length, longest.length]).toEqual([31, 254])
      for (const [email, first_name, last_name] of [
        [thirtyOne, 'Christopher', 'Chen'],
        [longest, 'Maximiliana-Alexandrina', longName],
        [`sri.${local.slice(0, 20)}@example.lk`, 'ශ්‍රී ලංකා'.repeat(9), 'Ranasinghe Arachchige'],
      ] as const) {
        const body = registration({ email, first_name, last_name })
        const res = await post('/api/v1/register', body, { locale: 'en' })
        expect(res.status, JSON.stringify(res.body)).toBe(201)
        expect(res.body.data).toMatchObject({ email, first_name, last_name })
        const signedIn = await post('/api/v1/login', { email, password: body.password })
        expect(signedIn.status).toBe(200)
        expect(signedIn.body.data.user).toMatchObject({ email, first_name, last_name })
        shop.clock.advance(MINUTE)
        expect((await post('/api/v1/forgot_password', { email }, { locale: 'en' })).status).toBe(200)
      }
      // a pass phrase of 128 characters is a password too
      const phrase = 'correct horse battery staple '.repeat(5).slice(0, 128)
      expect((await post('/api/v1/register', registration({ password: phrase, password_confirmation: phrase }))).status).toBe(201)
      // one past each limit is refused with the limit, never cut
      const tooLong = await post('/api/v1/register', registration({ email: `x${longest}`, first_name: 'x'.repeat(101), password: `${phrase}x`, password_confirmation: `${phrase}x` }), { locale: 'en' })
      expect(tooLong.body.error.detail).toMatchObject({
        email: ['may be at most 254 characters'],
        first_name: ['may be at most 100 characters'],
        password: ['may be at most 128 characters'],
      })
      const zh = await post('/api/v1/register', registration({ email: `x${longest}` }), { locale: 'zh_tw' })
      expect(zh.body.error.detail).toEqual({ email: ['最多 254 個字元'] })
    })

    it('says every missing field of an empty registration at once, each with its own message', async () => {
      const { status, body } = await post('/api/v1/register', { first_name: '', last_name: '', email: '', password: 'abc', password_confirmation: '' }, { locale: 'en' })
      expect(status).toBe(400)
      expect(body.error.detail).toMatchObject({
        first_name: ['is required'],
        last_name: ['is required'],
        email: ['is required'],
        password: ['must be at least 8 characters'],
        password_confirmation: ['is required'],
      })
    })

    it('refuses an address that is already registered, whatever its case', async () => {
      const first = await member()
      const again = await post('/api/v1/register', registration({ email: first.email.toUpperCase() }), { locale: 'en' })
      expect(again.status).toBe(400)
      expect(again.body.error.detail).toEqual({ email: ['this e-mail is already registered'] })
    })

    it('links a new member to a valid referrer code and refuses an unknown one', async () => {
      const referrer = await member({ first_name: '阿美' })
      const code = (await get('/api/v1/user', referrer.token)).body.data.referrer_code
      await member({ first_name: '小華', referrer_code: code.toLowerCase() })
      const unknown = await post('/api/v1/register', registration({ referrer_code: 'NOPE1234' }), { locale: 'en' })
      expect(unknown.status).toBe(400)
      expect(unknown.body.error.detail).toEqual({ referrer_code: ['unknown referrer code'] })
      const referrals = await get('/api/v1/user/referrer', referrer.token)
      // the friend's name masked; no reward yet
      expect(referrals.body.data.data).toEqual({ referrer_code: code, referrals: [{ name: '王*華', joined_at: expect.any(String), status: 'joined', reason: null }], coupons: [] })
    })
  })

  describe('sign in and tokens', () => {
    it('answers a random token, stored only as a fingerprint, and the member', async () => {
      const m = await member()
      const { status, body } = await post('/api/v1/login', { email: m.email, password: m.password })
      expect(status).toBe(200)
      expect(body.data.token).toMatch(/^[\w-]{43}$/)
      expect(body.data.user).toMatchObject({ id: m.id, email: m.email })
      const stored = await shop.database.db.select().from(authTokens).where(eq(authTokens.user_id, m.id))
      expect(stored.map((t) => t.token_hash)).toContain(createHash('sha256').update(body.data.token).digest('hex'))
      expect(JSON.stringify(stored)).not.toContain(body.data.token)
    })

    it('gives the same answer for a wrong password and an unknown address', async () => {
      const m = await member()
      const wrong = await post('/api/v1/login', { email: m.email, password: 'wrong-password' }, { locale: 'en' })
      const unknown = await post('/api/v1/login', { email: 'nobody@example.tw', password: 'wrong-password' }, { locale: 'en' })
      expect(wrong.status).toBe(401)
      expect(unknown.status).toBe(401)
      expect(wrong.body).toEqual(unknown.body)
      expect(wrong.body.error).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Wrong e-mail or password.', detail: {} })
    })

    it('limits the login form to the longest address and password an account can have', async () => {
      const { status, body } = await post('/api/v1/login', { email: `${'a'.repeat(64)}@${'b'.repeat(187)}.tw`, password: 'x'.repeat(129) }, { locale: 'en' })
      expect(status).toBe(400)
      expect(body.error.detail).toEqual({ email: ['may be at most 254 characters'], password: ['may be at most 128 characters'] })
    })

    it('locks the account on the third failure, refuses even the right password, and unlocks after LOCK_MINUTES', async () => {
      const m = await member()
      const attempt = (password: string) => post('/api/v1/login', { email: m.email, password }, { locale: 'en' })
      expect((await attempt('wrong-1')).status).toBe(401)
      expect((await attempt('wrong-2')).status).toBe(401)
      const third = await attempt('wrong-3')
      expect(third.status).toBe(429)
      expect(third.body.error).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', detail: { lock_minutes: 15, retry_after: 900 } })
      const right = await attempt(m.password)
      expect(right.status).toBe(429)
      expect(right.body.error.code).toBe('TOO_MANY_ATTEMPTS')
      shop.clock.advance(14 * MINUTE)
      expect((await attempt(m.password)).status).toBe(429)
      shop.clock.advance(MINUTE)
      expect((await attempt(m.password)).status).toBe(200)
    })

    it('starts counting again after a success', async () => {
      const m = await member()
      const attempt = (password: string) => post('/api/v1/login', { email: m.email, password })
      await attempt('wrong-1')
      await attempt('wrong-2')
      expect((await attempt(m.password)).status).toBe(200)
      expect((await attempt('wrong-3')).status).toBe(401)
      expect((await attempt('wrong-4')).status).toBe(401)
      expect((await attempt('wrong-5')).status).toBe(429)
    })

    it('reads the member from the token and refuses a missing, unknown, revoked or expired one', async () => {
      const m = await member()
      expect((await get('/api/v1/user', m.token)).body.data.email).toBe(m.email)
      for (const token of [undefined, 'x'.repeat(43)]) {
        const res = await get('/api/v1/user', token, 'en')
        expect(res.status).toBe(401)
        expect(res.body.error).toEqual({ code: 'UNAUTHENTICATED', message: 'Please Log In.', detail: {} })
      }
      expect((await get('/api/v1/logout', m.token)).body).toEqual({ data: true })
      expect((await get('/api/v1/user', m.token)).status).toBe(401)

      const again = (await post('/api/v1/login', { email: m.email, password: m.password })).body.data.token
      shop.clock.advance(31 * 24 * 60 * MINUTE)
      expect((await get('/api/v1/user', again)).status).toBe(401)
    })
  })

  describe("the member's own data", () => {
    it('edits only the signed-in member, whatever the body says', async () => {
      const a = await member({ first_name: '甲' })
      const b = await member({ first_name: '乙' })
      const res = await put('/api/v1/user', { first_name: '新名', last_name: '林', id: a.id, email: 'hijack@example.tw', gender: 'FEMALE', birthday: null }, b.token)
      expect(res.status).toBe(200)
      expect(res.body.data).toMatchObject({ id: b.id, first_name: '新名', last_name: '林', email: b.email, gender: 'FEMALE', birthday: null })
      expect((await get('/api/v1/user', a.token)).body.data).toMatchObject({ first_name: '甲', email: a.email })
      const invalid = await put('/api/v1/user', { first_name: '', last_name: '林' }, b.token, 'en')
      expect(invalid.body.error.detail).toEqual({ first_name: ['is required'] })
    })

    it('keeps the gender not specified until the member chooses one, and lets them go back to not specified', async () => {
      const m = await member()
      expect((await get('/api/v1/user', m.token)).body.data.gender).toBeNull()
      const [row] = await shop.database.db.select().from(users).where(eq(users.id, m.id))
      expect(row!.gender).toBeNull()
      expect((await put('/api/v1/user', { first_name: '小明', last_name: '王', gender: 'FEMALE' }, m.token)).body.data.gender).toBe('FEMALE')
      // a profile saved without the field leaves the choice as it is
      expect((await put('/api/v1/user', { first_name: '小明', last_name: '王' }, m.token)).body.data.gender).toBe('FEMALE')
      expect((await put('/api/v1/user', { first_name: '小明', last_name: '王', gender: null }, m.token)).body.data.gender).toBeNull()
      const chosen = await member({ gender: 'OTHER' })
      expect((await get('/api/v1/user', chosen.token)).body.data.gender).toBe('OTHER')
    })

    it('changes the password with the old one, revoking every session', async () => {
      const m = await member()
      const other = (await post('/api/v1/login', { email: m.email, password: m.password })).body.data.token
      const wrongOld = await put('/api/v1/user/password', { old_password: 'nope-nope', password: 'hojicha-2026', password_confirmation: 'hojicha-2026' }, m.token, 'en')
      expect(wrongOld.body.error.detail).toEqual({ old_password: ['the current password is incorrect'] })
      const same = await put('/api/v1/user/password', { old_password: m.password, password: m.password, password_confirmation: m.password }, m.token, 'en')
      expect(same.body.error.detail).toEqual({ password: ['the new password may not be the same as the old one'] })
      const mismatch = await put('/api/v1/user/password', { old_password: m.password, password: 'hojicha-2026', password_confirmation: 'hojicha-2027' }, m.token, 'en')
      expect(mismatch.body.error.detail).toEqual({ password: ['new password is entered incorrectly'] })

      const ok = await put('/api/v1/user/password', { old_password: m.password, password: 'hojicha-2026', password_confirmation: 'hojicha-2026' }, m.token)
      expect(ok.status).toBe(200)
      expect((await get('/api/v1/user', m.token)).status).toBe(401)
      expect((await get('/api/v1/user', other)).status).toBe(401)
      expect((await get('/api/v1/user', ok.body.data.token)).status).toBe(200)
      expect((await post('/api/v1/login', { email: m.email, password: 'hojicha-2026' })).status).toBe(200)
      expect((await post('/api/v1/login', { email: m.email, password: m.password })).status).toBe(401)
    })
  })

  describe('e-mail verification', () => {
    it('mails a link that verifies the address once, then refuses to send another', async () => {
      const m = await member({}, )
      shop.clock.advance(MINUTE)
      expect((await get('/api/v1/user/verify_email', m.token)).body).toEqual({ data: true })
      const link = new URL(shop.mails.at(-1)!.link!)
      const res = await shop.request(link.pathname + link.search)
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('https://shop.test/user/info?verified=1')
      expect((await get('/api/v1/user', m.token)).body.data.email_verified_at).toEqual(expect.any(String))
      // the same link again: the member is verified, and is told so rather than 'invalid'
      const reused = await shop.request(link.pathname + link.search)
      expect(reused.status).toBe(302)
      expect(reused.headers.get('location')).toBe('https://shop.test/user/info?verified=already')
      const again = await get('/api/v1/user/verify_email', m.token, 'en')
      expect(again.status).toBe(409)
      expect(again.body.error.code).toBe('EMAIL_ALREADY_VERIFIED')
    })

    it('calls a used link of a member not yet verified, or a link that never existed, invalid', async () => {
      const m = await member()
      shop.clock.advance(MINUTE)
      const first = new URL(shop.mails.at(-1)!.link!)
      // a newer mail replaces the first link (it is marked used) and the member is still unverified
      expect((await get('/api/v1/user/verify_email', m.token)).status).toBe(200)
      const old = await shop.request(first.pathname + first.search)
      expect(old.headers.get('location')).toBe('https://shop.test/user/info?verified=invalid')
      const made = await shop.request('/api/v1/user/verify_email/confirm?token=not-a-token-we-ever-sent')
      expect(made.headers.get('location')).toBe('https://shop.test/user/info?verified=invalid')
      expect((await get('/api/v1/user', m.token)).body.data.email_verified_at).toBeNull()
      // once verified with the newer link, any link of theirs says so; a made-up one still does not
      const newer = new URL(shop.mails.at(-1)!.link!)
      expect((await shop.request(newer.pathname + newer.search)).headers.get('location')).toBe('https://shop.test/user/info?verified=1')
      expect((await shop.request(newer.pathname + newer.search)).headers.get('location')).toBe('https://shop.test/user/info?verified=already')
      expect((await shop.request(first.pathname + first.search)).headers.get('location')).toBe('https://shop.test/user/info?verified=already')
      expect((await shop.request('/api/v1/user/verify_email/confirm?token=not-a-token-we-ever-sent')).headers.get('location')).toBe('https://shop.test/user/info?verified=invalid')
      // a link that is no one's is answered in the browser's chosen language
      const inJapanese = await shop.request('/api/v1/user/verify_email/confirm?token=not-a-token-we-ever-sent', { headers: { cookie: 'locale=ja' } })
      expect(inJapanese.headers.get('location')).toBe('https://shop.test/ja/user/info?verified=invalid')
    })

    it('sends at most one verification mail per 30 seconds', async () => {
      const m = await member()
      // registering just sent one
      const soon = await get('/api/v1/user/verify_email', m.token, 'en')
      expect(soon.status).toBe(429)
      expect(soon.body.error).toMatchObject({ code: 'RESEND_TOO_SOON', detail: { retry_after: 30 } })
      shop.clock.advance(30_000)
      expect((await get('/api/v1/user/verify_email', m.token)).status).toBe(200)
    })
  })

  describe('password recovery', () => {
    it('answers the same for known and unknown addresses, mailing only the known one, once per 30 seconds', async () => {
      const m = await member()
      const mailsBefore = shop.mails.length
      const known = await post('/api/v1/forgot_password', { email: m.email }, { locale: 'en' })
      const unknown = await post('/api/v1/forgot_password', { email: 'ghost@example.tw' }, { locale: 'en' })
      expect(known).toMatchObject({ status: 200, body: { data: true } })
      expect(unknown).toMatchObject({ status: 200, body: { data: true } })
      expect(shop.mails.length).toBe(mailsBefore + 1)
      expect(shop.mails.at(-1)!.link).toMatch(/^https:\/\/shop\.test\/en\/auth\/reset_password\?token=[\w-]+&email=/)

      for (const email of [m.email, 'ghost@example.tw']) {
        const soon = await post('/api/v1/forgot_password', { email }, { locale: 'en' })
        expect(soon.status).toBe(429)
        expect(soon.body.error.code).toBe('RESEND_TOO_SOON')
      }
      shop.clock.advance(30_000)
      expect((await post('/api/v1/forgot_password', { email: m.email })).status).toBe(200)
    })

    it('resets the password once with the newest link, signing out every session', async () => {
      const m = await member()
      await post('/api/v1/forgot_password', { email: m.email })
      const link = new URL(shop.mails.at(-1)!.link!)
      const token = link.searchParams.get('token')!
      const reset = (overrides: Record<string, unknown> = {}) =>
        post('/api/v1/reset_password', { token, email: m.email, password: 'sencha-2026', password_confirmation: 'sencha-2026', ...overrides }, { locale: 'en' })
      expect((await reset({ email: 'someone@example.tw' })).body.error.code).toBe('LINK_INVALID')
      expect((await reset({ password_confirmation: 'x' })).body.error.detail).toEqual({ password: ['new password is entered incorrectly'] })
      expect((await reset()).body).toEqual({ data: true })
      expect((await get('/api/v1/user', m.token)).status).toBe(401)
      expect((await post('/api/v1/login', { email: m.email, password: 'sencha-2026' })).status).toBe(200)
      expect((await reset()).body.error.code).toBe('LINK_INVALID')
    })

    it('refuses a link older than 60 minutes with RESET_LINK_EXPIRED', async () => {
      const m = await member()
      shop.clock.advance(MINUTE)
      await post('/api/v1/forgot_password', { email: m.email })
      const token = new URL(shop.mails.at(-1)!.link!).searchParams.get('token')
      shop.clock.advance(61 * MINUTE)
      const res = await post('/api/v1/reset_password', { token, email: m.email, password: 'sencha-2026', password_confirmation: 'sencha-2026' }, { locale: 'en' })
      expect(res.status).toBe(400)
      expect(res.body.error).toEqual({ code: 'RESET_LINK_EXPIRED', message: 'The password reset link has expired.', detail: {} })
    })
  })
})

describe('per-address rate limit', () => {
  it('refuses more sign-in attempts than AUTH_RATE_LIMIT per minute from one address', async () => {
    const shop = await startShop({ kind: 'pglite' }, { env: { AUTH_RATE_LIMIT: '3' } })
    try {
      // a new address each time: three failures on one address would lock it before the limit is reached
      let n = 0
      const attempt = () =>
        shop.json('/api/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `x${++n}@example.tw`, password: 'whatever1' }) })
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401)
      const limited = await attempt()
      expect(limited.status).toBe(429)
      expect(limited.body.error).toMatchObject({ code: 'RATE_LIMITED', detail: { retry_after: 60 } })
      shop.clock.advance(60_000)
      expect((await attempt()).status).toBe(401)
    } finally {
      await shop.close()
    }
  })

  it('uses LOCK_MINUTES for the lock-out', async () => {
    const shop = await startShop({ kind: 'pglite' }, { env: { LOCK_MINUTES: '5' } })
    try {
      const body = registration()
      await shop.json('/api/v1/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      let last
      for (let i = 0; i < 3; i++) {
        last = await shop.json('/api/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: body.email, password: 'wrong-pass' }) })
      }
      expect(last!.body.error.detail).toEqual({ lock_minutes: 5, retry_after: 300 })
      expect((await shop.json('/api/v1/config')).body.data.auth.lock_minutes).toBe(5)
    } finally {
      await shop.close()
    }
  })
})
