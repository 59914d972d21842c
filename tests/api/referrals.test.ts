import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coupons, users } from '../../server/db/schema'
import { transaction } from '../../server/db/transaction'
import { friendVerified } from '../../server/modules/referral/service'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { registration } from '../fixtures/member-factory'
import { invoice, listenCheckoutShop, recipient, type CheckoutShop, type Member } from './checkout-kit'
import { databaseTargets } from './harness'
import { deliveredOrder } from './support/delivered-order'

const targets = await databaseTargets()

const label = (zh: string, en: string) => ({ zh_tw: zh, en, ja: zh })

describe.each(targets)('the referral programme on $kind', (target) => {
  let shop: CheckoutShop
  beforeAll(async () => {
    const catalogue = smallCatalogue()
    catalogue.products.push(productRecord('REF-0001', { variants: [{ sku: 'REF-0001-A', label: label('1盒', '1 box'), price: 600, stock_left: 500 }] }))
    shop = await listenCheckoutShop(target, { catalogue, env: { REFERRAL_FRIEND_COUPON: '100,500,30', REFERRAL_REWARD_COUPON: '150,500,60' } })
  })
  afterAll(() => shop?.close())

  /** Follows the newest verification link mailed to `email`; answers where the shop sends the browser. */
  async function followVerification(email: string) {
    const link = new URL(shop.mails.findLast((m) => m.to === email && m.link?.includes('/verify_email/confirm'))!.link!)
    const res = await fetch(`${shop.url}${link.pathname}${link.search}`, { redirect: 'manual' })
    return res.headers.get('location')
  }

  /** A member who registered with `code`, signed in, and (unless `verify` is false) followed the verification link. */
  async function friendOf(code: string, overrides: Record<string, unknown> = {}, { verify = true } = {}): Promise<Member & { registered: number; email: string }> {
    const details = registration({ referrer_code: code, ...overrides })
    const registered = await shop.request('POST', '/api/v1/register', details)
    if (registered.status !== 201) return { registered: registered.status } as Member & { registered: number; email: string }
    if (verify) expect(await followVerification(details.email)).toMatch(/verified=1$/)
    const login = await shop.request('POST', '/api/v1/login', { email: details.email, password: details.password })
    const token = login.body.data.token as string
    const call: Member['call'] = (method, pathname, body, headers = {}) => shop.request(method, pathname, body, { authorization: `Bearer ${token}`, ...headers })
    return {
      id: login.body.data.user.id,
      email: details.email as string,
      token,
      call,
      registered: registered.status,
      checkout: (lines, extra = {}, key = `ref-${Math.random()}`) => call('POST', '/api/v1/ec-order', { lines, recipient, invoice, ...extra }, { 'idempotency-key': key }),
    }
  }

  const referrerView = async (m: Member) => (await m.call('GET', '/api/v1/user/referrer')).body.data.data

  /** Places, pays, ships and delivers an order of the member to `to`. */
  const delivered = (m: Member, to: Record<string, unknown> = {}) => deliveredOrder(shop, m, 'REF-0001-A', to)

  it('gives the friend a welcome coupon and the referrer a reward once the friend’s first order is delivered', async () => {
    const referrer = await shop.member()
    const code = (await referrerView(referrer)).referrer_code as string
    expect((await friendOf('NOSUCHCODE')).registered).toBe(400)

    const friend = await friendOf(` ${code.toLowerCase()} `, { first_name: '小美', last_name: '林', phone_number: '0922333444' })
    expect(friend.registered).toBe(201)
    // the welcome coupon: the friend's own, NT$100 off NT$500 or more; nobody else can use its code
    const quote = (m: Member, coupon: string) => m.call('POST', '/api/v1/checkout/quote', { lines: [shop.line('REF-0001-A', 1)], coupon_code: coupon })
    const welcome = await shop.database.db.query.coupons.findFirst({ where: (c, { eq }) => eq(c.owner_id, friend.id) })
    expect(welcome).toMatchObject({ kind: 'fixed', value: 100, min_spend: 500, total_limit: 1, per_member_limit: 1 })
    expect(welcome!.code).toMatch(/^FRIEND-[0-9A-Z]{10}$/)
    expect((await quote(friend, welcome!.code)).body.data.discount).toBe(100)
    expect((await quote(referrer, welcome!.code)).body.error.code).toBe('COUPON_INVALID')

    expect((await referrerView(referrer)).referrals).toEqual([expect.objectContaining({ name: '林*美', status: 'joined', reason: null })])
    // ordered, not yet delivered: no reward
    const placed = await friend.checkout([shop.line('REF-0001-A', 1)], { recipient: { ...recipient, name: '林小美', phone: '0922333444', address: '信義路五段 7 號' } })
    expect(placed.status).toBe(201)
    expect((await referrerView(referrer)).referrals[0].status).toBe('ordered')
    expect((await referrerView(referrer)).coupons).toEqual([])

    await delivered(friend, { name: '林小美', phone: '0922333444', address: '信義路五段 7 號' })
    const view = await referrerView(referrer)
    expect(view.referrals[0]).toMatchObject({ name: '林*美', status: 'rewarded' })
    expect(view.coupons).toEqual([expect.objectContaining({ value: 150, min_spend: 500, used: false })])
    expect(view.coupons[0].code).toMatch(/^THANKS-/)
    // a second delivered order earns nothing more
    await delivered(friend, { name: '林小美', phone: '0922333444', address: '信義路五段 7 號' })
    expect((await referrerView(referrer)).coupons).toHaveLength(1)
  })

  it('rewards nothing when the friend shares the referrer’s phone number or delivery address, and says why', async () => {
    const referrer = await shop.member()
    const code = (await referrerView(referrer)).referrer_code as string
    // the referrer's own address, saved among their recipients
    expect((await referrer.call('POST', '/api/v1/recipient', { ...recipient, address: '忠孝東路四段 100 號' })).status).toBeLessThan(300)

    const samePlace = await friendOf(code, { first_name: '大同', last_name: '陳', phone_number: '0933111222' })
    await delivered(samePlace, { name: '陳大同', phone: '0933111222', address: '忠孝東路 四段 100 號' })
    const samePhone = await friendOf(code, { first_name: 'Ken', last_name: 'Ito', phone_number: '0912345678' })
    await delivered(samePhone, { name: 'Ken Ito', phone: '0912-345-678', address: '中山北路二段 1 號' })

    const view = await referrerView(referrer)
    const byName = Object.fromEntries(view.referrals.map((r: { name: string }) => [r.name, r]))
    expect(byName['陳*同']).toMatchObject({ status: 'not_eligible', reason: 'same_address' })
    expect(byName['K***o']).toMatchObject({ status: 'not_eligible', reason: 'same_phone' })
    expect(view.coupons).toEqual([])
  })

  const notices = async (m: Member, type: string, locale = 'zh_tw') =>
    (await m.call('GET', `/api/v1/user/notification?type=${type}`, undefined, { 'x-localization': locale })).body.data as Array<Record<string, any>>
  const wallet = async (m: Member, locale = 'zh_tw') => {
    const answer = await m.call('GET', '/api/v1/user/coupons', undefined, { 'x-localization': locale })
    expect(answer.status).toBe(200)
    return answer.body.data.coupons as Array<Record<string, any>>
  }

  it('finds the referrer’s address however the friend writes it (numerals, width, spaces, 臺/台, a county typed again), and not a different flat', async () => {
    const referrer = await shop.member()
    const code = (await referrerView(referrer)).referrer_code as string
    // the review's case: the referrer wrote 復興南路一段 390 號
    expect((await referrer.call('POST', '/api/v1/recipient', { ...recipient, phone: '0911000111', county: '台北市', address: '復興南路一段 390 號' })).status).toBeLessThan(300)

    const ways = ['復興南路1段390號', '復興南路１段三百九十號', '臺北市大安區復興南路第一段390號', '復興南路 一段 390']
    for (const [i, address] of ways.entries()) {
      const phone = `09330000${String(i).padStart(2, '0')}`
      const friend = await friendOf(code, { first_name: `友${'一二三四'[i]}`, last_name: '陳', phone_number: phone })
      await delivered(friend, { name: '陳友', phone, address })
    }
    // another floor of the building is another home
    const upstairs = await friendOf(code, { first_name: '樓上', last_name: '李', phone_number: '0933000099' })
    await delivered(upstairs, { name: '李樓上', phone: '0933000099', address: '復興南路1段390號5F' })

    const view = await referrerView(referrer)
    const byName = Object.fromEntries(view.referrals.map((r: { name: string }) => [r.name, r]))
    expect(view.referrals.filter((r: { reason: string | null }) => r.reason === 'same_address')).toHaveLength(4)
    expect(byName['李*上']).toMatchObject({ status: 'rewarded' })
    expect(view.coupons).toHaveLength(1)
  })

  it('gives the welcome coupon only once the friend’s e-mail is verified, and once however often the link is followed', async () => {
    const referrer = await shop.member()
    const code = (await referrerView(referrer)).referrer_code as string
    const friend = await friendOf(code, { first_name: '阿明', last_name: '張', phone_number: '0922000111' }, { verify: false })
    expect(friend.registered).toBe(201)
    // a throwaway account that never verifies: joined, told to the referrer, but no coupon, no notice
    expect((await shop.database.db.select().from(coupons).where(eq(coupons.owner_id, friend.id))).length).toBe(0)
    expect(await wallet(friend)).toEqual([])
    expect(await notices(friend, 'coupon_granted')).toEqual([])
    expect((await referrerView(referrer)).referrals).toEqual([expect.objectContaining({ name: '張*明', status: 'joined' })])
    expect(await notices(referrer, 'referral_joined')).toHaveLength(1)

    // the link clicked several times at once: verified, one coupon, one notice
    const link = new URL(shop.mails.findLast((m) => m.to === friend.email && m.link?.includes('/verify_email/confirm'))!.link!)
    const answers = await Promise.all(Array.from({ length: 4 }, () => fetch(`${shop.url}${link.pathname}${link.search}`, { redirect: 'manual' })))
    expect(answers.map((a) => a.status)).toEqual([302, 302, 302, 302])
    const [welcome, ...more] = await wallet(friend, 'en')
    expect(more).toEqual([])
    expect(welcome).toMatchObject({ title: 'Welcome gift: NT$100 off', value: 100, min_spend: 500, state: 'usable' })
    expect(await notices(friend, 'coupon_granted')).toHaveLength(1)

    // the grant itself in concurrent transactions, for a friend who has it and one who has not yet: one coupon each
    const second = await friendOf(code, { first_name: '阿華', last_name: '張', phone_number: '0922000112' }, { verify: false })
    const now = shop.clock.now()
    const grant = (id: number) => transaction(shop.database.db, (tx) => friendVerified(tx, shop.config.referral, id, now))
    await Promise.all([friend.id, second.id, second.id, friend.id, second.id, second.id].map(grant))
    for (const m of [friend, second]) {
      expect((await shop.database.db.select().from(coupons).where(eq(coupons.owner_id, m.id))).length).toBe(1)
      expect(await notices(m, 'coupon_granted')).toHaveLength(1)
    }

    // a member referred by no one who verifies gets nothing
    const stranger = await shop.member()
    const mailed = shop.mails.findLast((m) => m.link?.includes('/verify_email/confirm'))!
    await fetch(`${shop.url}${new URL(mailed.link!).pathname}${new URL(mailed.link!).search}`, { redirect: 'manual' })
    expect(await wallet(stranger)).toEqual([])
  })

  it('tells the friend about the welcome coupon and keeps it in their wallet until it is used', async () => {
    const referrer = await shop.member()
    const code = (await referrerView(referrer)).referrer_code as string
    const friend = await friendOf(code, { first_name: '🍡團子', last_name: '陳', phone_number: '0922555666' })
    expect(friend.registered).toBe(201)

    // the wallet: the welcome coupon with its code, what it gives, minimum spend and end, in the reader's language
    const [welcome, ...others] = await wallet(friend, 'en')
    expect(others).toEqual([])
    expect(welcome).toMatchObject({ title: 'Welcome gift: NT$100 off', kind: 'fixed', value: 100, min_spend: 500, state: 'usable' })
    expect(welcome!.code).toMatch(/^FRIEND-/)
    expect(Date.parse(welcome!.ends_at) - Date.parse(welcome!.granted_at)).toBe(30 * 86_400_000)
    expect((await wallet(friend, 'ja'))[0]!.title).toBe('お友だち特典 NT$100 割引')
    expect((await wallet(referrer)).length).toBe(0)
    expect((await shop.request('GET', '/api/v1/user/coupons')).status).toBe(401)

    // the notice: once, in the message centre, leading to the wallet, in the reader's language
    const [notice, ...more] = await notices(friend, 'coupon_granted', 'en')
    expect(more).toEqual([])
    expect(notice).toMatchObject({ url: '/user/coupon', is_read: false, notification: { grant: 'welcome', coupon_code: welcome!.code, amount: 100, min_spend: 500 } })
    expect(notice!.title).toBe('You have a new coupon')
    expect(notice!.content).toContain('NT$100')
    expect((await notices(friend, 'coupon_granted', 'ja'))[0]!.content).toContain('マイクーポン')

    // the referrer is told with the name masked as the referral page shows it
    const [joined] = await notices(referrer, 'referral_joined')
    expect(joined!.notification.friend_name).toBe('陳**子')
    expect(joined!.content).toContain('陳**子')
    expect(JSON.stringify(joined)).not.toContain('團子')
    expect((await referrerView(referrer)).referrals[0].name).toBe('陳**子')

    // used on an order: the wallet says so
    const placed = await friend.checkout([shop.line('REF-0001-A', 1)], { coupon_code: welcome!.code, recipient: { ...recipient, name: '陳團子', phone: '0922555666', address: '民生東路 5 號' } })
    expect(placed.status).toBe(201)
    expect(placed.body.data.discount).toBe(100)
    expect((await wallet(friend))[0]).toMatchObject({ code: welcome!.code, state: 'used' })
  })

  it('tells the referrer about the thank-you coupon once, with the friend’s name masked, and lists it in the wallet', async () => {
    const referrer = await shop.member()
    const code = (await referrerView(referrer)).referrer_code as string
    const friend = await friendOf(code, { first_name: '小春', last_name: '黃', phone_number: '0922777888' })
    const no = await delivered(friend, { name: '黃小春', phone: '0922777888', address: '南京東路三段 9 號' })
    // the order's completion again, and a second delivered order: still one coupon, one notice
    await shop.operate('complete', no)
    await delivered(friend, { name: '黃小春', phone: '0922777888', address: '南京東路三段 9 號' })
    const granted = await notices(referrer, 'coupon_granted')
    expect(granted).toHaveLength(1)
    expect(granted[0]).toMatchObject({ url: '/user/coupon', notification: { grant: 'reward', friend_name: '黃*春', amount: 150, min_spend: 500 } })
    expect(granted[0]!.content).toContain('黃*春')
    expect(JSON.stringify(granted[0])).not.toContain('小春')
    const coupons = await wallet(referrer, 'en')
    expect(coupons).toEqual([expect.objectContaining({ code: granted[0]!.notification.coupon_code, title: 'Thank-you for a referral: NT$150 off', state: 'usable', min_spend: 500 })])
  })

  it('never shows the referrer the friend’s given name: not in the notices, the mail or the referral list, even when it is one character', async () => {
    const referrer = await shop.member()
    const code = (await referrerView(referrer)).referrer_code as string
    const [{ email }] = await shop.database.db.select({ email: users.email }).from(users).where(eq(users.id, referrer.id)) as [{ email: string }]
    const friend = await friendOf(code, { first_name: '娜', last_name: '歐陽', phone_number: '0922000222' })
    await delivered(friend, { name: '歐陽娜', phone: '0922000222', address: '敦化北路 88 號' })

    const told = [...(await notices(referrer, 'referral_joined')), ...(await notices(referrer, 'coupon_granted')), ...(await notices(referrer, 'referral_joined', 'en'))]
    expect(told.map((n) => n.notification.friend_name)).toEqual(['歐**', '歐**', '歐**'])
    expect((await referrerView(referrer)).referrals[0].name).toBe('歐**')
    const deadline = Date.now() + 10_000
    const thanks = () => shop.mails.filter((m) => m.to === email && m.link?.endsWith('/user/coupon'))
    while (thanks().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    const mails = thanks()
    expect(mails).toHaveLength(1)
    for (const seen of [JSON.stringify(told), JSON.stringify(await referrerView(referrer)), mails[0]!.text, mails[0]!.html]) expect(seen).not.toContain('娜')
  })

  it('says what both sides of a referral get, to anyone', async () => {
    const answer = await shop.request('GET', '/api/v1/referral/programme')
    expect(answer.status).toBe(200)
    expect(answer.body.data).toEqual({ friend: { amount: 100, min_spend: 500, days: 30 }, reward: { amount: 150, min_spend: 500, days: 60 } })
  })
})
