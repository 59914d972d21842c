import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/db/schema'
import { productRecord, smallCatalogue } from '../fixtures/catalogue-factory'
import { listenCheckoutShop, type CheckoutShop } from './checkout-kit'
import { databaseTargets } from './harness'
import { deliveredOrder } from './support/delivered-order'
import { mailedOnceAfterDying } from './support/dying-mailer'

const targets = await databaseTargets()
const DAY = 86_400_000

describe.each(targets)('review invitation mails on $kind', (target) => {
  let shop: CheckoutShop
  beforeAll(async () => {
    const catalogue = smallCatalogue()
    catalogue.products.push(productRecord('RIM-0001', { variants: [{ sku: 'RIM-0001-A', label: { zh_tw: '1盒', en: '1 box', ja: '1箱' }, price: 300, stock_left: 500 }] }))
    shop = await listenCheckoutShop(target, { catalogue })
    // the test drives the dispatcher's passes itself, at the sweep's time
    await shop.workers.dispatcher.stop()
  })
  afterAll(() => shop?.close())

  async function deliver(at: Date) {
    while ((await shop.workers.dispatcher.runOnce(at)) > 0);
  }
  /** the review invitations a member got (they link to /user/comment, as the order's delivery mail does, which names the order) */
  const invitationsTo = (m: { email: string; no: string }) => shop.mails.filter((mail) => mail.to === m.email && mail.link?.endsWith('/user/comment') && !mail.subject.includes(m.no))

  /** A member in `locale` with a delivered order. */
  async function buyer(locale: 'zh_tw' | 'en' | 'ja') {
    const member = await shop.member()
    await shop.database.db.update(users).set({ locale }).where(eq(users.id, member.id))
    const [row] = await shop.database.db.select({ email: users.email, first_name: users.first_name }).from(users).where(eq(users.id, member.id))
    const no = await deliveredOrder(shop, member, 'RIM-0001-A')
    // the order's own mails go now, before the invitation is due
    await deliver(shop.clock.now())
    return { ...member, email: row!.email, firstName: row!.first_name, no }
  }

  it('mails the invitation once through the outbox, in the member’s language, however many sweeps see the order', async () => {
    const m = await buyer('ja')
    const later = (days: number) => new Date(Date.now() + days * DAY)
    await shop.workers.sweeper.sweep(later(7.01))
    await shop.workers.sweeper.sweep(later(7.02))
    await deliver(later(7.03))
    await shop.workers.sweeper.sweep(later(7.04))
    await deliver(later(7.05))
    const [mail, ...more] = invitationsTo(m)
    expect(more).toEqual([])
    expect(mail).toMatchObject({ subject: expect.stringContaining('ご注文の商品はいかがでしたか'), id: expect.stringMatching(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}@/) })
    expect(mail!.text).toContain(`${m.firstName} 様`)
    expect(mail!.text).toContain(`${shop.config.publicUrl}/ja/user/comment`)
    expect(mail!.html).toMatch(/<html lang="ja">/)
  })

  it('mails nobody who switched review invitations off', async () => {
    const m = await buyer('en')
    expect((await m.call('PUT', '/api/v1/user/notification-settings', { kinds: [{ type: 'review_invite', mode: 'off' }] })).status).toBe(200)
    const at = new Date(Date.now() + 7.01 * DAY)
    await shop.workers.sweeper.sweep(at)
    await deliver(at)
    expect(invitationsTo(m)).toEqual([])
  })

  it('retries a failed send and mails once when the process dies after sending and before recording it: the same message, one file, no address logged', async () => {
    const m = await buyer('zh_tw')
    const at = new Date(Date.now() + 7.01 * DAY)
    await shop.workers.sweeper.sweep(at)
    await mailedOnceAfterDying(shop, { type: 'review_invite', userId: m.id, email: m.email, at }, async ({ mine, dispatcher, failed }) => {
      await dispatcher.runOnce(new Date(failed.due_at.getTime() + 60_000))
      expect(mine()).toHaveLength(2)
      expect(mine()[0]!.subject).toContain('您的商品送達了')
      expect(mine()[1]!.id).toBe(mine()[0]!.id)
    })
  })
})
