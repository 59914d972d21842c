import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coupons, users } from '../../server/db/schema'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { registration } from '../fixtures/member-factory'
import { invoice, listenCheckoutShop, recipient, type CheckoutShop, type Member } from './checkout-kit'
import { databaseTargets } from './harness'
import { deliveredOrder } from './support/delivered-order'
import { mailedOnceAfterDying } from './support/dying-mailer'

const targets = await databaseTargets()

/** The day a coupon ends, in Taiwan time, as year, month and day. */
function taipeiDay(date: Date) {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'Asia/Taipei' }).formatToParts(date).map((p) => [p.type, p.value]))
  return { y: parts.year!, m: parts.month!, d: parts.day! }
}

describe.each(targets)('coupon mails on $kind', (target) => {
  let shop: CheckoutShop
  beforeAll(async () => {
    const catalogue = smallCatalogue()
    catalogue.products.push(productRecord('CM-0001', { variants: [{ sku: 'CM-0001-A', label: { zh_tw: '1盒', en: '1 box', ja: '1箱' }, price: 600, stock_left: 500 }] }))
    shop = await listenCheckoutShop(target, { catalogue, env: { REFERRAL_FRIEND_COUPON: '100,500,30', REFERRAL_REWARD_COUPON: '150,500,60' } })
    // the test drives the dispatcher's passes itself
    await shop.workers.dispatcher.stop()
  })
  afterAll(() => shop?.close())

  async function deliver() {
    while ((await shop.workers.dispatcher.runOnce(shop.clock.now())) > 0);
  }
  /** the coupon mails a member got (the wallet is what they link to; sign-up and order mails link elsewhere) */
  const mailsTo = (to: string) => shop.mails.filter((m) => m.to === to && m.link?.endsWith('/user/coupon'))
  const couponMails = (to: string, code: string) => mailsTo(to).filter((m) => m.text.includes(code))

  async function referrerIn(locale: 'zh_tw' | 'en' | 'ja') {
    const m = await shop.member()
    await shop.database.db.update(users).set({ locale }).where(eq(users.id, m.id))
    const [row] = await shop.database.db.select({ email: users.email }).from(users).where(eq(users.id, m.id))
    const code = (await m.call('GET', '/api/v1/user/referrer')).body.data.data.referrer_code as string
    return { ...m, email: row!.email, code }
  }

  /** A friend who signs up with `code` from a page in `locale` and verifies the address (the welcome coupon waits for it), signed in. */
  async function friendOf(code: string, locale: 'zh_tw' | 'en' | 'ja', overrides: Record<string, unknown>) {
    const details = registration({ referrer_code: code, ...overrides })
    expect((await shop.request('POST', '/api/v1/register', details, { 'x-localization': locale })).status).toBe(201)
    const verify = new URL(shop.mails.findLast((m) => m.to === details.email && m.link?.includes('/verify_email/confirm'))!.link!)
    expect((await fetch(`${shop.url}${verify.pathname}${verify.search}`, { redirect: 'manual' })).status).toBe(302)
    const login = await shop.request('POST', '/api/v1/login', { email: details.email, password: details.password })
    const token = login.body.data.token as string
    const call: Member['call'] = (method, pathname, body, headers = {}) => shop.request(method, pathname, body, { authorization: `Bearer ${token}`, ...headers })
    const member: Member = { id: login.body.data.user.id, token, call, checkout: (lines, extra = {}, key = `cm-${Math.random()}`) => call('POST', '/api/v1/ec-order', { lines, recipient, invoice, ...extra }, { 'idempotency-key': key }) }
    return { ...member, email: details.email as string }
  }

  const couponOf = async (ownerId: number) => (await shop.database.db.select().from(coupons).where(eq(coupons.owner_id, ownerId)))[0]!

  /** Places, pays, ships and delivers an order of the member. */
  const delivered = (m: Member, to: Record<string, unknown>) => deliveredOrder(shop, m, 'CM-0001-A', to)

  it('mails the friend’s welcome coupon once in the friend’s language, and the referrer’s thank-you coupon once in theirs (code, what it gives, minimum spend, end, the wallet; text and HTML)', async () => {
    const referrer = await referrerIn('zh_tw')
    const friend = await friendOf(referrer.code, 'ja', { first_name: '花子', last_name: '山田', phone_number: '0922123123' })
    await deliver()
    await deliver()

    const welcome = await couponOf(friend.id)
    const [mail, ...more] = couponMails(friend.email, welcome.code)
    expect(more).toEqual([])
    expect(mail).toMatchObject({ subject: expect.stringContaining('ようこそ！NT$100 割引クーポンをお届けしました'), id: expect.stringMatching(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}@/) })
    const end = taipeiDay(welcome.ends_at!)
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain('山田花子 様')
      expect(part).toContain(welcome.code)
      expect(part).toContain('NT$100 割引')
      expect(part).toContain('商品 NT$500 以上のご注文')
      expect(part).toContain(`有効期限`)
      expect(part).toContain(`${end.y}年${end.m}月${end.d}日`)
      expect(part).toContain('（台湾時間）')
      expect(part).toContain('マイクーポン')
      expect(part).toContain(`${shop.config.publicUrl}/ja/user/coupon`)
    }
    expect(mail!.html).toMatch(/^<!doctype html><html lang="ja">/)
    expect(mail!.text).not.toMatch(/[<>]/)
    // the referrer is told in the shop that a friend joined, by no mail: no coupon yet
    expect(mailsTo(referrer.email)).toEqual([])

    // the friend's order delivered, completed again, then a second delivered order: one reward, one mail
    const no = await delivered(friend, { name: '山田花子', phone: '0922123123', address: '敦化南路二段 8 號' })
    await shop.operate('complete', no)
    await deliver()
    await delivered(friend, { name: '山田花子', phone: '0922123123', address: '敦化南路二段 8 號' })
    await deliver()
    await deliver()

    const reward = await couponOf(referrer.id)
    expect(reward.code).toMatch(/^THANKS-/)
    const [thanks, ...others] = mailsTo(referrer.email)
    expect(others).toEqual([])
    expect(thanks!.subject).toContain('感謝您推薦好友，送您 NT$150 折價券')
    const rewardEnd = taipeiDay(reward.ends_at!)
    for (const part of [thanks!.text, thanks!.html]) {
      expect(part).toContain('王小明 您好')
      expect(part).toContain('山**子')
      expect(part).not.toContain('花子')
      expect(part).toContain(reward.code)
      expect(part).toContain('折抵 NT$150')
      expect(part).toContain('商品滿 NT$500')
      expect(part).toContain(`${rewardEnd.y}年${rewardEnd.m}月${rewardEnd.d}日`)
      expect(part).toContain(`${shop.config.publicUrl}/user/coupon`)
      expect(part).not.toContain('/en/user/coupon')
    }
    expect(thanks!.html).toContain('lang="zh-Hant-TW"')
    // the friend got no second welcome mail along the way
    expect(couponMails(friend.email, welcome.code)).toHaveLength(1)
  })

  it('writes an English welcome mail for a friend who signed up in English', async () => {
    const referrer = await referrerIn('ja')
    const friend = await friendOf(referrer.code, 'en', { first_name: 'Amy', last_name: 'Chen', phone_number: '0922456456' })
    await deliver()
    const welcome = await couponOf(friend.id)
    const [mail, ...more] = couponMails(friend.email, welcome.code)
    expect(more).toEqual([])
    expect(mail!.subject).toContain('Welcome! A NT$100 coupon is waiting for you')
    expect(mail!.text).toContain('Hello Amy,')
    expect(mail!.text).toContain(`Coupon code: ${welcome.code}`)
    expect(mail!.text).toContain('It gives: NT$100 off')
    expect(mail!.text).toContain('Minimum spend: goods of NT$500 or more')
    expect(mail!.text).toMatch(/Valid until: \d{1,2} \w+ \d{4}(,| at) \d{2}:\d{2} \(Taiwan time\)/)
    expect(mail!.text).toContain(`See my coupons: ${shop.config.publicUrl}/en/user/coupon`)
    expect(mail!.html).toMatch(/^<!doctype html><html lang="en">/)
  })

  it('mails a referrer who keeps coupon notices in the shop only, and none to one who switched them off', async () => {
    const quiet = await referrerIn('en')
    const off = await referrerIn('en')
    expect((await quiet.call('PUT', '/api/v1/user/notification-settings', { kinds: [{ type: 'coupon_granted', mode: 'shop' }] })).status).toBe(200)
    expect((await off.call('PUT', '/api/v1/user/notification-settings', { kinds: [{ type: 'coupon_granted', mode: 'off' }] })).status).toBe(200)
    const a = await friendOf(quiet.code, 'zh_tw', { first_name: '一', last_name: '李', phone_number: '0922789789' })
    const b = await friendOf(off.code, 'zh_tw', { first_name: '二', last_name: '李', phone_number: '0922789790' })
    await delivered(a, { name: '李一', phone: '0922789789', address: '光復南路 1 號' })
    await delivered(b, { name: '李二', phone: '0922789790', address: '光復南路 2 號' })
    await deliver()
    expect(mailsTo(quiet.email).map((m) => m.subject)).toEqual([expect.stringContaining('Thank you for inviting a friend: a NT$150 coupon')])
    expect(mailsTo(off.email)).toEqual([])
    // the coupon itself is there all the same
    expect((await couponOf(off.id)).code).toMatch(/^THANKS-/)
  })

  it('mails a coupon once when the process dies after sending and before recording it: the same message, one file in the outbox, no address logged', async () => {
    const referrer = await referrerIn('zh_tw')
    const friend = await friendOf(referrer.code, 'zh_tw', { first_name: '小華', last_name: '張', phone_number: '0922000111' })
    await mailedOnceAfterDying(shop, { type: 'coupon_granted', userId: friend.id, email: friend.email }, async ({ mine, raw, dispatcher, failed }) => {
      expect(raw).toMatch(/Content-Type: text\/plain/)
      expect(raw).toMatch(/Content-Type: text\/html/)
      // a later pass sends nothing more
      await dispatcher.runOnce(new Date(failed.due_at.getTime() + 60_000))
      expect(mine()).toHaveLength(2)
    })
  })
})
