import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import Pusher from 'pusher'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/db/schema'
import type { Logger } from '../../server/lib/logger'
import { createMailer, type Mail, type Mailer } from '../../server/integrations/mail'
import { NotificationDispatcher } from '../../server/modules/notification/dispatcher'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { invoice, listenCheckoutShop, recipient, type CheckoutShop, type Member } from './checkout-kit'
import { databaseTargets } from './harness'
import { keepingLogger, mailedOnceAfterDying } from './support/dying-mailer'

const targets = await databaseTargets()

const box = { zh_tw: '1盒', en: '1 box', ja: '1箱' }
function catalogue() {
  const file = smallCatalogue()
  file.products.push(
    productRecord('MAIL-0001', { variants: [{ sku: 'MAIL-0001-A', label: box, price: 300, stock_left: 500 }] }),
    productRecord('MAIL-0002', { variants: [{ sku: 'MAIL-0002-A', label: box, price: 450, stock_left: 500 }] }),
  )
  return file
}

async function paidIn(shop: CheckoutShop, m: Member, extra: Record<string, unknown> = {}) {
  const placed = await m.checkout([shop.line('MAIL-0001-A', 2), shop.line('MAIL-0002-A', 1)], extra)
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  expect((await shop.pay(placed.body.data.payment.client_secret, 'pm_card_visa')).status).toBe(200)
  await shop.settle()
  return placed.body.data as { no: string; amount: number; payment: { client_secret: string } }
}

/** A dispatcher of the shop's outbox that sends with the mailer given (the shop's own one keeps mails in memory). */
const dispatcherOf = (shop: CheckoutShop, mailer: Mailer, logger: Logger) =>
  new NotificationDispatcher({
    db: shop.database.db,
    clock: shop.clock.now,
    logger,
    publisher: new Pusher({ appId: '1', key: 'k', secret: 's', host: '127.0.0.1', port: '9', useTLS: false }),
    vapid: { publicKey: '', privateKey: '', subject: 'mailto:shop@example.tw' },
    pushServiceHosts: [],
    mailer,
    shop: { name: 'Shop', publicUrl: 'http://127.0.0.1' },
  })

describe.each(targets)('order mails on $kind', (target) => {
  let shop: CheckoutShop
  beforeAll(async () => {
    shop = await listenCheckoutShop(target, { catalogue: catalogue() })
    // the test drives the dispatcher's passes itself, with the shop's clock
    await shop.workers.dispatcher.stop()
  })
  afterAll(() => shop?.close())

  const deliver = () => shop.workers.dispatcher.runOnce(shop.clock.now())
  const mailsAbout = (no: string) => shop.mails.filter((m) => m.subject.includes(no))
  async function memberIn(locale: 'zh_tw' | 'en' | 'ja') {
    const m = await shop.member()
    await shop.database.db.update(users).set({ locale }).where(eq(users.id, m.id))
    const [row] = await shop.database.db.select({ email: users.email, first_name: users.first_name, last_name: users.last_name }).from(users).where(eq(users.id, m.id))
    return { ...m, email: row!.email, firstName: row!.first_name, fullName: `${row!.last_name}${row!.first_name}` }
  }
  const paid = (m: Member, extra: Record<string, unknown> = {}) => paidIn(shop, m, extra)
  /** The payment's success as Stripe sends it, signed: `id` fixed to send the very same event again. */
  async function webhook(clientSecret: string, id = `evt_${randomBytes(12).toString('hex')}`) {
    const intent = await shop.stripe.paymentIntents.retrieve(clientSecret.split('_secret_')[0]!)
    const event = { id, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), data: { object: intent }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type: 'payment_intent.succeeded' }
    const payload = JSON.stringify(event)
    const res = await fetch(`${shop.url}/api/v1/payment/webhook/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: shop.keys.webhookSecret }) },
      body: payload,
    })
    return res.status
  }

  it('confirms a paid order by mail in the member’s language (lines, totals, recipient, e-invoice; text and HTML), once under a duplicated webhook, then its shipment and delivery once each', async () => {
    const m = await memberIn('ja')
    const order = await paid(m, { invoice: { ...invoice, carrier_type: 'mobile', carrier_code: '/ABC+123' } })
    // the payment's event delivered again, the same event twice more and another event of the same payment
    const again = `evt_${randomBytes(12).toString('hex')}`
    expect([await webhook(order.payment.client_secret, again), await webhook(order.payment.client_secret, again), await webhook(order.payment.client_secret)]).toEqual([200, 200, 200])
    await deliver()
    await deliver()

    const [confirmation, ...more] = mailsAbout(order.no)
    expect(more).toEqual([])
    expect(confirmation).toMatchObject({ to: m.email, subject: expect.stringContaining(`ご注文 ${order.no} を承りました`), id: expect.stringMatching(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}@/) })
    const { text, html } = confirmation!
    for (const part of [text, html]) {
      expect(part).toContain(`${m.fullName} 様`)
      expect(part).toContain('Product MAIL-0001（日）（1箱）')
      expect(part).toContain('Product MAIL-0002（日）（1箱）')
      expect(part).toContain('NT$600') // 2 × 300
      expect(part).toContain('NT$450')
      expect(part).toContain('小計')
      expect(part).toContain(`NT$${order.amount.toLocaleString('en-US')}`)
      expect(part).toContain('送料')
      expect(part).toContain('うち消費税')
      expect(part).toContain(recipient.name)
      expect(part).toContain(recipient.phone.replace(/-/g, ''))
      expect(part).toContain(`${recipient.district}${recipient.address}`)
      expect(part).toContain('モバイルバーコード /ABC+123')
      expect(part).toContain(`/ja/purchase/${order.no}`)
    }
    expect(html).toMatch(/^<!doctype html><html lang="ja">/)
    expect(text).not.toMatch(/[<>]/)

    expect((await shop.operate('ship', order.no, { tracking: '123456789012', carrier: 'tcat' })).status).toBe(200)
    expect((await shop.operate('ship', order.no, { tracking: '999', carrier: 'tcat' })).status).toBe(400)
    await deliver()
    expect((await shop.operate('complete', order.no)).status).toBe(200)
    await deliver()
    await deliver()

    const [, shipped, delivered, ...rest] = mailsAbout(order.no)
    expect(rest).toEqual([])
    expect(shipped!.subject).toContain(`ご注文 ${order.no} を発送しました`)
    expect(shipped!.text).toContain('ヤマト運輸（宅急便）')
    expect(shipped!.text).toContain('123456789012')
    expect(shipped!.html).toContain('https://www.t-cat.com.tw/Inquire/TraceDetail.aspx?BillID=123456789012')
    expect(delivered!.subject).toContain(`ご注文 ${order.no} が配達されました`)
    expect(delivered!.text).toContain('/ja/user/comment')
    expect(new Set([confirmation!.id, shipped!.id, delivered!.id]).size).toBe(3)
  })

  it('writes each mail in the member’s own language: Chinese and English members, and a company invoice', async () => {
    const zh = await memberIn('zh_tw')
    const en = await memberIn('en')
    const chinese = await paid(zh, { invoice: { mode: 'donation', donation_code: '25885', email: 'ming@example.tw', name: '王小明' } })
    const english = await paid(en, { invoice: { mode: 'company', tax_id: '04595257', company_title: 'Matcha Co.', email: 'ming@example.tw', name: '王小明' } })
    await deliver()
    const [zhMail] = mailsAbout(chinese.no)
    expect(zhMail).toMatchObject({ to: zh.email, subject: expect.stringContaining(`訂單 ${chinese.no} 付款成功`) })
    expect(zhMail!.text).toContain('捐贈碼 25885')
    expect(zhMail!.text).toContain('商品小計')
    expect(zhMail!.html).toContain('lang="zh-Hant-TW"')
    const [enMail] = mailsAbout(english.no)
    expect(enMail).toMatchObject({ to: en.email, subject: expect.stringContaining(`Order ${english.no} is confirmed`) })
    expect(enMail!.text).toContain('Company invoice: tax ID 04595257, Matcha Co.')
    expect(enMail!.text).toContain('Product MAIL-0001 (1 box) × 2  NT$600')
    expect(enMail!.text).toContain('Subtotal: NT$1,050')
  })

  it('mails once when the process dies after sending and before recording it: the retry is the same message and the outbox keeps one file; nothing personal is logged', async () => {
    const m = await memberIn('en')
    await paid(m)
    await mailedOnceAfterDying(shop, { type: 'order_paid', userId: m.id, email: m.email }, async ({ sent, raw, logger }) => {
      expect(sent).toHaveLength(2)
      expect(raw).toMatch(/Content-Type: text\/plain/)
      expect(raw).toMatch(/Content-Type: text\/html/)
      expect(logger.lines.join('\n')).not.toContain(recipient.phone.replace(/-/g, ''))
    })
  })
  it('gives every mail its own Message-ID across databases: two shops writing to one outbox (a reset database, a restore, memory://) both get their first order mailed', async () => {
    const outbox = await mkdtemp(path.join(os.tmpdir(), 'order-mails-'))
    const logger = keepingLogger()
    const files = createMailer({ from: 'shop@example.tw', outboxDir: outbox, logger })
    // two fresh databases whose notification ids both start at 1, as after a reset against the same DATA_DIR
    const shops = [await listenCheckoutShop(target, { catalogue: catalogue() }), await listenCheckoutShop(target, { catalogue: catalogue() })]
    try {
      const sent: Mail[] = []
      for (const s of shops) {
        await s.workers.dispatcher.stop()
        await paidIn(s, await s.member())
        await dispatcherOf(s, { send: (mail) => (sent.push(mail), files.send(mail)) }, logger).runOnce(s.clock.now())
      }
      expect(sent).toHaveLength(2)
      expect(sent[0]!.id).not.toBe(sent[1]!.id)
      const eml = (await readdir(outbox)).filter((name) => name.endsWith('.eml'))
      expect(eml).toHaveLength(2)
      expect(logger.lines.join('\n')).not.toContain('already in the outbox')
    } finally {
      await Promise.all(shops.map((s) => s.close()))
      await rm(outbox, { recursive: true, force: true })
    }
  })
})
