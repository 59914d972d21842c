import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOTIFICATION_TYPES } from '../../contract/notification'
import { importCatalogue } from '../../server/flows/catalogue-import/import'
import { notificationDeliveries, notifications, pushSubscriptions } from '../../server/db/schema'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { registration } from '../fixtures/member-factory'
import { listenCheckoutShop, type CheckoutShop, type Member } from './checkout-kit'
import { databaseTargets } from './harness'
import { localPusherClient } from './support/pusher-client'
import { startPushService } from './support/push-service'

const targets = await databaseTargets()

const box = { zh_tw: '1盒', en: '1 box', ja: '1箱' }
function catalogue(stock = { rare: 1 }) {
  const file = smallCatalogue()
  file.products.push(
    productRecord('GEN-0001', { variants: [{ sku: 'GEN-0001-A', label: box, price: 300, stock_left: 500 }] }),
    productRecord('RARE-0001', { variants: [{ sku: 'RARE-0001-A', label: box, price: 800, stock_left: stock.rare }] }),
  )
  return file
}

/** Taipei wall-clock time on a day, as an instant (UTC+8 all year). */
const taipei = (hhmm: string) => new Date(`2026-11-24T${hhmm}:00+08:00`)

describe.each(targets)('notifications on $kind', (target) => {
  let shop: CheckoutShop
  let push: Awaited<ReturnType<typeof startPushService>>
  beforeAll(async () => {
    push = await startPushService()
    shop = await listenCheckoutShop(target, { catalogue: catalogue(), env: { PUSH_SERVICE_HOSTS: push.host } })
    // the test drives the dispatcher's passes itself, with the shop's clock
    await shop.workers.dispatcher.stop()
  })
  afterAll(async () => {
    await shop?.close()
    await push?.close()
  })

  const deliver = () => shop.workers.dispatcher.runOnce(shop.clock.now())
  const list = async (m: Member, query = '') => (await m.call('GET', `/api/v1/user/notification${query}`)).body
  const unread = async (m: Member) => (await m.call('GET', '/api/v1/user/unread_notification_count')).body.data.data.count as number

  async function paidOrder(m: Member) {
    const placed = await m.checkout([shop.line('GEN-0001-A', 1)])
    expect(placed.status).toBe(201)
    expect((await shop.pay(placed.body.data.payment.client_secret, 'pm_card_visa')).status).toBe(200)
    await shop.settle()
    return placed.body.data.no as string
  }

  it('tells a member their order was paid, shipped (with the tracking link) and delivered, in their language, read one by one or all at once', async () => {
    const m = await shop.member()
    expect(await unread(m)).toBe(0)
    const no = await paidOrder(m)
    expect((await shop.operate('ship', no, { tracking: '123456789012', carrier: 'tcat' })).status).toBe(200)
    expect((await shop.operate('complete', no)).status).toBe(200)

    const page = await list(m)
    expect(page).toMatchObject({ total: 3, per_page: 10, current_page: 1 })
    expect(page.data.map((n: { type: string }) => n.type)).toEqual(['order_delivered', 'order_shipped', 'order_paid'])
    const shipped = page.data[1]
    expect(shipped).toMatchObject({
      title: 'Your order has shipped',
      url: `/purchase/${no}`,
      is_read: false,
      notification: { order_no: no, carrier: 'tcat', tracking_no: '123456789012', tracking_url: expect.stringContaining('123456789012') },
    })
    expect(shipped.content).toContain('T-Cat')
    expect(shipped.created_at).toBe(shipped.datetime)
    // the same row in Japanese, by the request's language
    const ja = await m.call('GET', '/api/v1/user/notification?type=order_shipped', undefined, { 'x-localization': 'ja' })
    expect(ja.body.data[0].title).toBe('ご注文の商品を発送しました')
    expect(ja.body.data[0].content).toContain('ヤマト運輸')

    expect(await unread(m)).toBe(3)
    const read = await m.call('POST', `/api/v1/notification/${shipped.id}/read`)
    expect(read.body.data).toMatchObject({ id: shipped.id, is_read: true })
    expect(await unread(m)).toBe(2)
    expect((await list(m, '?status=read')).data.map((n: { id: number }) => n.id)).toEqual([shipped.id])
    expect((await list(m, '?status=unread')).total).toBe(2)
    expect((await m.call('POST', '/api/v1/notification/read-all')).body.data).toEqual({ updated: 2 })
    expect(await unread(m)).toBe(0)
    // a webhook delivered again, or a second ship attempt, writes nothing more
    expect((await shop.operate('ship', no, { tracking: '999', carrier: 'tcat' })).status).toBe(400)
    expect((await list(m)).total).toBe(3)
  })

  it("keeps members apart: another member's notification is a 404 and never listed", async () => {
    const a = await shop.member()
    const b = await shop.member()
    await paidOrder(a)
    const [mine] = (await list(a)).data
    const foreign = await b.call('POST', `/api/v1/notification/${mine.id}/read`)
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'NOT_FOUND'])
    expect((await list(b)).total).toBe(0)
    expect(await unread(a)).toBe(1)
    expect((await shop.request('GET', '/api/v1/user/notification')).status).toBe(401)
  })

  it('lists the kinds and statuses in the request’s language', async () => {
    const kinds = await shop.request('GET', '/api/v1/notification-type', undefined, { 'x-localization': 'zh_tw' })
    expect(kinds.body.data.map((k: { type: string }) => k.type)).toEqual([...NOTIFICATION_TYPES])
    expect(kinds.body.data[2]).toEqual({ type: 'order_shipped', name: '訂單出貨', group: 'order', can_switch_off: false })
    expect(kinds.body.data.find((k: { type: string }) => k.type === 'favourite_restock').can_switch_off).toBe(true)
    const statuses = await shop.request('GET', '/api/v1/notification-status', undefined, { 'x-localization': 'ja' })
    expect(statuses.body.data.data).toEqual([
      { status: 'unread', name: '未読' },
      { status: 'read', name: '既読' },
    ])
  })

  it('takes the member’s choices per kind: order kinds cannot be off; off writes nothing, shop-only sends no push', async () => {
    const m = await shop.member()
    const initial = (await m.call('GET', '/api/v1/user/notification-settings')).body.data
    expect(initial.quiet_hours).toEqual({ enabled: true, start: '22:00', end: '08:00', time_zone: 'Asia/Taipei' })
    expect(initial.kinds.every((k: { mode: string }) => k.mode === 'push')).toBe(true)
    expect(initial.push_devices).toBe(0)

    const refused = await m.call('PUT', '/api/v1/user/notification-settings', { kinds: [{ type: 'order_shipped', mode: 'off' }] }, { 'x-localization': 'zh_tw' })
    expect([refused.status, refused.body.error.code]).toEqual([400, 'VALIDATION_FAILED'])
    expect(refused.body.error.detail.kinds).toEqual(['訂單通知無法關閉。'])
    const bad = await m.call('PUT', '/api/v1/user/notification-settings', { quiet_hours: { enabled: true, start: '25:00', end: '08:00', time_zone: 'Mars/Base' } })
    expect(Object.keys(bad.body.error.detail).sort()).toEqual(['quiet_hours.start', 'quiet_hours.time_zone'])

    const saved = await m.call('PUT', '/api/v1/user/notification-settings', { kinds: [{ type: 'order_paid', mode: 'shop' }, { type: 'favourite_restock', mode: 'off' }] })
    expect(saved.status).toBe(200)
    expect(saved.body.data.kinds.find((k: { type: string }) => k.type === 'order_paid').mode).toBe('shop')
    expect(saved.body.data.kinds.find((k: { type: string }) => k.type === 'favourite_restock').mode).toBe('off')

    await paidOrder(m)
    const [paid] = (await list(m)).data
    const channels = await shop.database.db.select({ channel: notificationDeliveries.channel }).from(notificationDeliveries).where(eq(notificationDeliveries.notification_id, paid.id))
    // no push; the order's mail goes whatever the member chose for the shop
    expect(channels.map((c) => c.channel).sort()).toEqual(['mail', 'realtime'])
  })

  it('tells the fans of a sold-out favourite when it is back (a cancelled order gives stock back) and when its price drops', async () => {
    const fan = await shop.member()
    const offFan = await shop.member()
    const buyer = await shop.member()
    const rare = shop.line('RARE-0001-A', 1)
    for (const m of [fan, offFan]) expect((await m.call('POST', `/api/v1/product_wishlist/${rare.product_id}`)).status).toBe(200)
    await offFan.call('PUT', '/api/v1/user/notification-settings', { kinds: [{ type: 'favourite_restock', mode: 'off' }] })
    const placed = await buyer.checkout([rare])
    expect(placed.status).toBe(201)
    expect((await list(fan)).total).toBe(0)
    // the buyer cancels: the only unit is back
    expect((await buyer.call('POST', `/api/v1/ec-order/${placed.body.data.no}/cancel`)).status).toBe(200)
    const [back] = (await list(fan)).data
    expect(back).toMatchObject({ type: 'favourite_restock', url: `/product/detail/${rare.product_id}`, notification: { product_id: rare.product_id } })
    expect(back.image).toMatch(/^\/images\//)
    expect(back.notification.product_name).toBeTruthy()
    expect((await list(offFan)).total).toBe(0)

    // an import lowering the price tells both (the price kind is on for offFan)
    const file = catalogue({ rare: 1 })
    file.products.find((p) => p.sku === 'RARE-0001')!.variants[0]!.price = 650
    await importCatalogue(shop.database.db, file)
    const drop = (await list(fan, '?type=favourite_price_drop')).data[0]
    expect(drop.notification).toMatchObject({ old_price: 800, new_price: 650 })
    expect(drop.content).toContain('NT$650')
    expect((await list(offFan, '?type=favourite_price_drop')).total).toBe(1)
    // the same import again changes nothing and tells nobody
    await importCatalogue(shop.database.db, file)
    expect((await list(fan)).total).toBe(2)
  })

  it('tells a referrer that a friend joined with their code', async () => {
    const referrer = await shop.member()
    const code = (await referrer.call('GET', '/api/v1/user')).body.data.referrer_code
    const friend = registration({ first_name: '花子', last_name: '山田', email: `f${Date.now() % 1e9}@example.tw`, referrer_code: code })
    expect((await shop.request('POST', '/api/v1/register', friend)).status).toBe(201)
    const [joined] = (await list(referrer)).data
    // the name masked as the referral page shows it (山田花子 → 山**子): no e-mail, no full name
    expect(joined).toMatchObject({ type: 'referral_joined', url: '/user/referrer', notification: { friend_name: '山**子' } })
    expect(joined.content).toContain('山**子')
    expect(JSON.stringify(joined)).not.toContain(friend.email)
    expect(JSON.stringify(joined)).not.toContain('花子')
    expect(JSON.stringify(joined)).not.toContain('山田')
  })

  it('reminds a member 10 minutes before an unpaid order is cancelled, once', async () => {
    const m = await shop.member()
    const placed = await m.checkout([shop.line('GEN-0001-A', 1)])
    const due = new Date(placed.body.data.payment_due_at ?? Date.now() + shop.config.orders.paymentMs)
    expect((await shop.workers.sweeper.sweep(new Date(due.getTime() - 11 * 60_000))).reminded).toBe(0)
    const at = new Date(due.getTime() - 9 * 60_000)
    expect((await shop.workers.sweeper.sweep(at)).reminded).toBeGreaterThanOrEqual(1)
    expect((await shop.workers.sweeper.sweep(at)).reminded).toBe(0)
    const reminders = (await list(m, '?type=payment_reminder')).data
    expect(reminders).toHaveLength(1)
    expect(reminders[0].notification.order_no).toBe(placed.body.data.no)
  })

  it('delivers to the member’s real-time channel after commit: pusher-js receives SendNotification', async () => {
    const m = await shop.member()
    const key = (await shop.request('GET', '/api/v1/config')).body.data.realtime.key as string
    const client = localPusherClient(key, shop.port, { endpoint: `${shop.url}/api/v1/broadcasting/auth`, transport: 'ajax', headers: { authorization: `Bearer ${m.token}` } })
    try {
      const channel = client.subscribe(`private-User.${m.id}.Notification`)
      await new Promise<void>((resolve, reject) => {
        channel.bind('pusher:subscription_succeeded', () => resolve())
        channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))))
      })
      const received = new Promise<{ data: { id: number; type: string; title: string }; translations?: Record<string, { title: string; content: string }> }>((resolve) => channel.bind('SendNotification', resolve))
      await deliver() // what earlier tests left
      await paidOrder(m)
      await deliver()
      const event = await received
      const [row] = (await list(m)).data
      expect(event.data).toMatchObject({ id: row.id, type: 'order_paid', title: 'Payment received' })
      // the words of every language, for a page open in another language than the profile's
      expect(event.translations).toEqual({
        zh_tw: { title: '付款成功', content: expect.stringContaining(row.notification.order_no) },
        en: { title: 'Payment received', content: row.content },
        ja: { title: 'お支払いを確認しました', content: expect.stringContaining(row.notification.order_no) },
      })
      const left = await shop.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notification_id, row.id))
      expect(left.find((d) => d.channel === 'realtime')?.done_at).not.toBeNull()
    } finally {
      client.disconnect()
    }
  })

  it('sends web push encrypted to each device, waits for the end of quiet hours, and forgets a device the push service says is gone', async () => {
    const m = await shop.member()
    const phone = push.subscription(`phone-${target.kind}`)
    const laptop = push.subscription(`laptop-${target.kind}`)
    expect((await m.call('POST', '/api/v1/push-subscription', phone)).status).toBe(201)
    expect((await m.call('POST', '/api/v1/push-subscription', phone)).status).toBe(201) // again: the same device
    expect((await m.call('POST', '/api/v1/push-subscription', laptop)).status).toBe(201)
    expect((await m.call('GET', '/api/v1/user/notification-settings')).body.data.push_devices).toBe(2)
    // an endpoint outside the push services is refused (the shop would POST to it)
    const elsewhere = await m.call('POST', '/api/v1/push-subscription', { ...phone, endpoint: 'https://10.0.0.1/push/x' })
    expect([elsewhere.status, Object.keys(elsewhere.body.error.detail)]).toEqual([400, ['endpoint']])

    // by day: sent at once
    shop.clock.offset = taipei('12:00').getTime() - Date.now()
    await deliver()
    const before = push.received.length
    await paidOrder(m)
    await deliver()
    const got = await push.until(before + 2)
    const mine = got.slice(before).filter((p) => p.path.includes(target.kind))
    expect(mine.map((p) => p.path).sort()).toEqual([`/push/laptop-${target.kind}`, `/push/phone-${target.kind}`])
    const [row] = (await list(m)).data
    expect(mine[0]!.message).toMatchObject({ id: row.id, type: 'order_paid', title: 'Payment received', tag: `notification-${row.id}`, url: `/en/purchase/${row.notification.order_no}`, lang: 'en' })
    expect(mine[0]!.headers.ttl).toBe(String(24 * 3600))
    expect(mine[0]!.headers.urgency).toBe('normal')
    expect(String(mine[0]!.headers.authorization)).toMatch(/^vapid t=.+, k=.+/)

    // at 23:00 Taipei time: the message is in the shop at once, the push waits until 08:00
    shop.clock.offset = taipei('23:00').getTime() - Date.now()
    const count = push.received.length
    const no = await paidOrder(m)
    await deliver()
    expect(push.received.length).toBe(count)
    expect((await list(m)).data[0]).toMatchObject({ type: 'order_paid', notification: { order_no: no } })
    const [waiting] = await shop.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.notification_id, (await list(m)).data[0].id))
      .then((rows) => rows.filter((d) => d.channel === 'push'))
    expect(waiting!.due_at.toISOString()).toBe(new Date(`2026-11-25T08:00:00+08:00`).toISOString())

    // 08:00 the next day: the push goes; the laptop's service answers 410 and the laptop is forgotten
    push.answer((p) => (p.startsWith('/push/laptop') ? 410 : 201))
    shop.clock.offset = new Date('2026-11-25T08:00:30+08:00').getTime() - Date.now()
    await deliver()
    await push.until(count + 1)
    const devices = await shop.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, m.id))
    expect(devices.map((d) => d.endpoint)).toEqual([phone.endpoint])
    push.answer(() => 201)

    // the browser turns push off: no device left
    expect((await m.call('DELETE', '/api/v1/push-subscription', { endpoint: phone.endpoint })).status).toBe(200)
    expect((await m.call('DELETE', '/api/v1/push-subscription', { endpoint: phone.endpoint })).status).toBe(404)
    shop.clock.offset = 0
  })

  it('retries a failing push service with backoff and does not lose the message', async () => {
    shop.clock.offset = taipei('12:00').getTime() - Date.now()
    const m = await shop.member()
    const sub = push.subscription(`flaky-${target.kind}`)
    await m.call('POST', '/api/v1/push-subscription', sub)
    await deliver()
    let calls = 0
    push.answer((p) => (p === `/push/flaky-${target.kind}` && ++calls === 1 ? 503 : 201))
    await paidOrder(m)
    const before = push.received.length
    await deliver()
    const [row] = await shop.database.db.select().from(notifications).where(eq(notifications.user_id, m.id))
    const [delivery] = (await shop.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notification_id, row!.id))).filter((d) => d.channel === 'push')
    expect(delivery).toMatchObject({ done_at: null, attempts: 1, last_error: 'push service answered 503' })
    expect(delivery!.due_at.getTime()).toBeGreaterThan(shop.clock.now().getTime())
    // after the backoff it goes through
    await shop.workers.dispatcher.runOnce(new Date(delivery!.due_at.getTime() + 1))
    await push.until(before + 1)
    push.answer(() => 201)
    shop.clock.offset = 0
  })

  it('retries only the device that failed, gives up at once on a permanent refusal, and drops a push held past its time to live', async () => {
    shop.clock.offset = taipei('12:00').getTime() - Date.now()
    const m = await shop.member()
    const good = push.subscription(`good-${target.kind}`)
    const shaky = push.subscription(`shaky-${target.kind}`)
    await m.call('POST', '/api/v1/push-subscription', good)
    await m.call('POST', '/api/v1/push-subscription', shaky)
    await deliver()
    let shakyCalls = 0
    push.answer((p) => (p === `/push/shaky-${target.kind}` && ++shakyCalls === 1 ? 502 : 201))
    await paidOrder(m)
    await deliver()
    const pushRow = async () => {
      const [row] = await shop.database.db.select().from(notifications).where(eq(notifications.user_id, m.id))
      return (await shop.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notification_id, row!.id))).find((d) => d.channel === 'push')!
    }
    const first = await pushRow()
    expect(first.done_at).toBeNull()
    expect(first.sent_to).toHaveLength(1)
    await shop.workers.dispatcher.runOnce(new Date(first.due_at.getTime() + 1))
    expect((await pushRow()).done_at).not.toBeNull()
    // the good device got it once, the shaky one once (after its retry)
    expect(push.received.filter((r) => r.path === `/push/good-${target.kind}`)).toHaveLength(1)
    expect(push.received.filter((r) => r.path === `/push/shaky-${target.kind}`)).toHaveLength(1)

    // 403 (the keys changed): not better on a retry
    push.answer((p) => (p === `/push/shaky-${target.kind}` ? 403 : 201))
    const m2 = await shop.member()
    await m2.call('POST', '/api/v1/push-subscription', push.subscription(`refused-${target.kind}`))
    push.answer((p) => (p === `/push/refused-${target.kind}` ? 403 : 201))
    await paidOrder(m2)
    await deliver()
    const [n2] = await shop.database.db.select().from(notifications).where(eq(notifications.user_id, m2.id))
    const [d2] = (await shop.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notification_id, n2!.id))).filter((d) => d.channel === 'push')
    expect(d2).toMatchObject({ attempts: 1 })
    expect(d2!.done_at).not.toBeNull()
    push.answer(() => 201)

    // a payment failure at 23:00 waits for 08:00, when its hour to live is long over: not sent
    const m3 = await shop.member()
    await m3.call('POST', '/api/v1/push-subscription', push.subscription(`night-${target.kind}`))
    shop.clock.offset = taipei('23:00').getTime() - Date.now()
    const placed = await m3.checkout([shop.line('GEN-0001-A', 1)])
    expect((await shop.pay(placed.body.data.payment.client_secret, 'pm_card_chargeDeclined')).status).toBe(402)
    await shop.settle()
    expect((await list(m3)).data[0]).toMatchObject({ type: 'payment_failed' })
    shop.clock.offset = new Date('2026-11-25T08:00:30+08:00').getTime() - Date.now()
    await deliver()
    const [n3] = await shop.database.db.select().from(notifications).where(eq(notifications.user_id, m3.id))
    const [d3] = (await shop.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notification_id, n3!.id))).filter((d) => d.channel === 'push')
    expect(d3).toMatchObject({ last_error: 'expired before it could be sent' })
    expect(push.received.filter((r) => r.path === `/push/night-${target.kind}`)).toHaveLength(0)
    shop.clock.offset = 0
  })

  it('keeps at most 10 devices a member (the oldest goes), refuses non-ASCII endpoints, and merges settings saved at once', async () => {
    const m = await shop.member()
    const endpoints: string[] = []
    for (let i = 0; i < 11; i++) {
      const sub = push.subscription(`many-${target.kind}-${i}`)
      endpoints.push(sub.endpoint)
      expect((await m.call('POST', '/api/v1/push-subscription', sub)).status).toBe(201)
    }
    const kept = await shop.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.user_id, m.id))
    expect(kept).toHaveLength(10)
    expect(kept.map((k) => k.endpoint)).not.toContain(endpoints[0])
    const wide = push.subscription(`wide-${target.kind}`)
    const refused = await m.call('POST', '/api/v1/push-subscription', { ...wide, endpoint: `${wide.endpoint}/${'抹'.repeat(1500)}` })
    expect([refused.status, Object.keys(refused.body.error.detail)]).toEqual([400, ['endpoint']])

    // quiet hours saved off, then on with another window: each is what a reload shows
    for (const quiet of [
      { enabled: false, start: '22:00', end: '08:00', time_zone: 'Asia/Taipei' },
      { enabled: true, start: '23:30', end: '07:00', time_zone: 'Asia/Tokyo' },
    ]) {
      expect((await m.call('PUT', '/api/v1/user/notification-settings', { quiet_hours: quiet })).body.data.quiet_hours).toEqual(quiet)
      expect((await m.call('GET', '/api/v1/user/notification-settings')).body.data.quiet_hours).toEqual(quiet)
    }

    await Promise.all([
      m.call('PUT', '/api/v1/user/notification-settings', { kinds: [{ type: 'favourite_restock', mode: 'off' }] }),
      m.call('PUT', '/api/v1/user/notification-settings', { kinds: [{ type: 'referral_joined', mode: 'shop' }] }),
    ])
    const kinds = (await m.call('GET', '/api/v1/user/notification-settings')).body.data.kinds
    expect(kinds.find((k: { type: string }) => k.type === 'favourite_restock').mode).toBe('off')
    expect(kinds.find((k: { type: string }) => k.type === 'referral_joined').mode).toBe('shop')
  })
})
