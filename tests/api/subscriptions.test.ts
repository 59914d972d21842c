import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMonths } from '../../server/emulators/stripe/billing-objects'
import { eq } from 'drizzle-orm'
import { billingCustomers, subscriptionCheckouts } from '../../server/db/schema'
import { smallCatalogue } from '../fixtures/catalogue-factory'
import { listenCheckoutShop, recipient, type CheckoutShop, type Member } from './checkout-kit'
import { databaseTargets } from './harness'

const targets = await databaseTargets()

describe.each(targets)('the snack box on $kind', (target) => {
  let shop: CheckoutShop
  beforeAll(async () => {
    shop = await listenCheckoutShop(target, { catalogue: smallCatalogue() })
  })
  afterAll(() => shop?.close())

  /** A member whose customer at the sandbox lives on a test clock set to `start` (unix seconds), as the shop would have created it. */
  async function memberOnClock(start: number) {
    const member = await shop.member()
    const clock = await shop.stripe.testHelpers.testClocks.create({ frozen_time: start })
    const customer = await shop.stripe.customers.create({ email: `m${member.id}@example.tw`, test_clock: clock.id, metadata: { user_id: String(member.id) } })
    await shop.database.db.insert(billingCustomers).values({ user_id: member.id, customer_id: customer.id })
    return { member, clock, customer }
  }

  /** Opens the plan's hosted page and pays it with a test card, as the shopper's browser does. */
  async function subscribe(member: Member, planId: string, paymentMethod = 'pm_card_visa') {
    const started = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: planId, recipient })
    expect(started.status).toBe(200)
    const url = new URL(started.body.data.url as string)
    const page = await fetch(url)
    const paid = await fetch(url, { method: 'POST', body: new URLSearchParams({ email: 'box@example.tw', payment_method: paymentMethod }), redirect: 'manual' })
    await shop.settle()
    return { url, page, pageText: await page.text(), paid }
  }

  const mine = async (member: Member, locale = 'en') => (await member.call('GET', '/api/v1/user/subscription', undefined, { 'x-localization': locale })).body.data
  const notificationsOf = async (member: Member) => ((await member.call('GET', '/api/v1/user/notification?per_page=50')).body.data as { type: string; content: string }[]).map((n) => n.type)

  it('answers the plans with every figure of the subscribe page, in the asking language', async () => {
    const en = (await shop.request('GET', '/api/v1/subscription/plans')).body.data
    expect(en.map((p: { id: string; months: number; price: number; save: number; per: string; term_price: number }) => [p.id, p.months, p.price, p.save, p.per, p.term_price])).toEqual([
      ['box-12', 12, 920, 948, 'month', 11_040],
      ['box-6', 6, 945, 324, 'month', 5670],
      ['box-3', 3, 965, 102, 'month', 2895],
      ['box-1', 1, 999, 0, 'month', 999],
    ])
    expect(en.map((p: { label: { text: string } | null }) => p.label?.text ?? null)).toEqual(['Best Value', 'Popular', null, null])
    expect(en.every((p: { url: string | null }) => p.url === null)).toBe(true)
    const zh = (await shop.request('GET', '/api/v1/subscription/plans', undefined, { 'x-localization': 'zh_tw' })).body.data
    expect(zh[0].title).toBe('12 個月方案')
    expect(zh[0].label.text).toBe('最划算')
  })

  it('sells a plan through a hosted checkout session, then renews it, fails a renewal and ends at the period’s end', async () => {
    const start = Math.floor(Date.UTC(2026, 0, 31, 3) / 1000)
    const { member, clock, customer } = await memberOnClock(start)
    expect(await mine(member)).toBeNull()

    // a guest is asked to sign in; a member gets the hosted page of the sandbox, the same one on a second click
    expect((await shop.request('POST', '/api/v1/subscription/checkout', { plan_id: 'box-3', recipient })).status).toBe(401)
    expect((await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-9', recipient })).status).toBe(400)
    const first = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-3', recipient })
    const again = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-3', recipient })
    expect(first.body.data.url).toMatch(/\/sandbox-checkout\/cs_test_[A-Za-z0-9]{56}$/)
    expect(again.body.data.url).toBe(first.body.data.url)
    const session = await shop.stripe.checkout.sessions.retrieve(first.body.data.url.split('/').at(-1))
    expect(session).toMatchObject({ mode: 'subscription', status: 'open', customer: customer.id, client_reference_id: String(member.id), amount_total: 289_500, currency: 'twd' })
    expect(session.success_url).toContain('/en/user/subscription?session_id={CHECKOUT_SESSION_ID}')
    expect(session.cancel_url).toMatch(/\/en\/subscribe\?plan=box-3$/)

    // the hosted page: the plan, its price for three months, the test-mode label; a declined card changes nothing
    const declined = await subscribe(member, 'box-3', 'pm_card_chargeDeclined')
    expect(declined.pageText).toContain('NT$2,895')
    expect(declined.pageText).toContain('every 3 months')
    expect(declined.pageText).toContain('Test mode')
    expect(declined.paid.status).toBe(402)
    expect(await mine(member)).toBeNull()

    const bought = await subscribe(member, 'box-3')
    expect(bought.paid.status).toBe(303)
    expect(bought.paid.headers.get('location')).toBe(`${shop.url}/en/user/subscription?session_id=${session.id}`)
    const firstPeriodEnd = addMonths(start, 3)
    expect(await mine(member)).toMatchObject({ plan_id: 'box-3', plan_title: '3-month plan', status: 'active', current_period_end: new Date(firstPeriodEnd * 1000).toISOString(), can_manage_payment: true })
    expect((await mine(member)).boxes).toEqual([{ paid_at: new Date(start * 1000).toISOString(), amount: 2895, period_start: new Date(start * 1000).toISOString(), period_end: new Date(firstPeriodEnd * 1000).toISOString() }])
    // holding a box, the member is told so instead of paying twice
    const twice = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-12', recipient })
    expect(twice.status).toBe(409)
    expect(twice.body.error.code).toBe('ALREADY_SUBSCRIBED')

    // three months on (April 30: the 31st does not exist), the term renews: a second box, and a notification
    await shop.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: firstPeriodEnd + 3600 })
    await shop.settle()
    const renewed = await mine(member)
    expect(renewed.status).toBe('active')
    expect(renewed.current_period_end).toBe(new Date(addMonths(firstPeriodEnd, 3) * 1000).toISOString())
    expect(renewed.boxes.map((b: { amount: number }) => b.amount)).toEqual([2895, 2895])
    expect(await notificationsOf(member)).toContain('subscription_renewed')

    // the card now declines: the next renewal fails, the member is told, the box is past due
    await shop.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: 'pm_card_chargeDeclined' } })
    await shop.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: addMonths(firstPeriodEnd, 3) + 3600 })
    await shop.settle()
    expect((await mine(member)).status).toBe('past_due')
    expect((await mine(member)).boxes).toHaveLength(2)
    expect(await notificationsOf(member)).toContain('subscription_renewal_failed')

    // cancel at the end of the term, change of mind, cancel again; it ends when the term does
    expect((await member.call('PUT', '/api/v1/user/subscription', { cancel_at_period_end: 'yes' })).status).toBe(400)
    const cancelling = await member.call('PUT', '/api/v1/user/subscription', { cancel_at_period_end: true })
    expect(cancelling.status).toBe(200)
    expect(cancelling.body.data.status).toBe('past_due')
    await shop.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: 'pm_card_visa' } })
    const ending = (await mine(member)).current_period_end
    await shop.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: Math.floor(new Date(ending).getTime() / 1000) + 60 })
    await shop.settle()
    const ended = await mine(member)
    expect(ended.status).toBe('ended')
    expect(ended.boxes).toHaveLength(2)
    expect((await member.call('PUT', '/api/v1/user/subscription', { cancel_at_period_end: false })).status).toBe(404)
    // an ended box does not stop the member from subscribing again
    expect((await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-1', recipient })).status).toBe(200)
  })

  it('hands out a portal link that comes back to the shop’s own page, whatever the request asks for', async () => {
    const { member, customer } = await memberOnClock(Math.floor(Date.UTC(2026, 2, 1, 3) / 1000))
    const answer = await member.call('POST', '/api/v1/user/subscription/portal?return_url=https%3A%2F%2Fevil.example%2F', { return_url: 'https://evil.example/phish' }, { 'x-localization': 'ja' })
    expect(answer.status).toBe(200)
    const link = new URL(answer.body.data.url as string)
    expect(link.pathname).toBe(`/sandbox-checkout/portal/${customer.id}`)
    expect(link.searchParams.get('return_url')).toBe(`${shop.config.publicUrl}/ja/user/subscription`)
    const page = await (await fetch(link)).text()
    expect(page).toContain(`<a href="${shop.config.publicUrl}/ja/user/subscription">Back to the shop</a>`)
    link.searchParams.set('return_url', 'https://evil.example/phish')
    expect((await fetch(link)).status).toBe(404)
  })

  it('asks who receives the boxes before paying, checked as checkout checks recipients, and writes nothing for a refused one', async () => {
    const { member } = await memberOnClock(Math.floor(Date.UTC(2026, 2, 10) / 1000))
    const missing = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-6' })
    expect(missing.status).toBe(400)
    expect(missing.body.error.code).toBe('VALIDATION_FAILED')
    expect(Object.keys(missing.body.error.detail)).toContain('recipient')
    const wrong = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-6', recipient: { ...recipient, phone: '12345', zip_code: '300', address: '' } }, { 'x-localization': 'zh_tw' })
    expect(wrong.status).toBe(400)
    expect(Object.keys(wrong.body.error.detail).sort()).toEqual(['recipient.address', 'recipient.phone', 'recipient.zip_code'])
    expect(wrong.body.error.detail['recipient.phone'][0]).not.toMatch(/[a-z]/)
    expect(await shop.database.db.query.subscriptionCheckouts.findFirst({ where: (c, { eq }) => eq(c.user_id, member.id) })).toBeUndefined()
    expect((await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-6', recipient, second_box: 'yes' })).status).toBe(400)
  })

  it('sends the boxes to the recipient given before paying, and lets the member change it for the next box not packed yet', async () => {
    const start = Math.floor(Date.UTC(2026, 2, 10, 2) / 1000)
    const { member, clock } = await memberOnClock(start)
    await subscribe(member, 'box-6')
    const box = await mine(member)
    expect(box).toMatchObject({ plan_months: 6, term_amount: 5670, recipient: { name: '王小明', phone: '0912345678', zip_code: '106', county: '臺北市', district: '大安區', address: '復興南路一段 390 號' } })
    // the shop's clock is today; the test clock only moves the provider's renewals
    const now = Date.now()
    expect(new Date(box.next_box.changes_until).getTime()).toBeGreaterThan(now)
    expect(new Date(box.next_box.ships_on).getTime() - new Date(box.next_box.changes_until).getTime()).toBe(3 * 86_400_000)

    const moved = { name: '陳大文', phone: '02-2345-6789', zip_code: '40041', county: '臺中市', district: '中區', address: '中山路 1 號' }
    const refused = await member.call('PUT', '/api/v1/user/subscription/recipient', { recipient: { ...moved, district: '信義區' } })
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.body.error.detail)).toEqual(['recipient.district'])
    expect((await mine(member)).recipient.name).toBe('王小明')
    const changed = await member.call('PUT', '/api/v1/user/subscription/recipient', { recipient: moved })
    expect(changed.status).toBe(200)
    expect(changed.body.data.recipient).toEqual({ ...moved, phone: '0223456789' })
    expect((await mine(member)).recipient.name).toBe('陳大文')
    // a member without a box has no recipient to change
    const other = await shop.member()
    expect((await other.call('PUT', '/api/v1/user/subscription/recipient', { recipient: moved })).status).toBe(404)
    void clock
  })

  it('lets two windows paying two plans make one subscription and one charge; a second box only on purpose', async () => {
    const { member } = await memberOnClock(Math.floor(Date.UTC(2026, 3, 1) / 1000))
    // two tabs press two plans at the same moment: one payment page is opened, the other is told so, or expired by it
    const [six, twelve] = await Promise.all([
      member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-6', recipient }),
      member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-12', recipient }),
    ])
    const opened = [six, twelve].filter((r) => r.status === 200)
    expect(opened.length).toBeGreaterThanOrEqual(1)
    for (const r of [six, twelve]) if (r.status !== 200) expect(r.body.error.code).toBe('IN_PROGRESS')
    // the tab that lost the race tries again: the other's page is expired, so only one of the two can be paid
    const retried = six.status === 200 && twelve.status === 200 ? [six, twelve] : [...opened, await member.call('POST', '/api/v1/subscription/checkout', { plan_id: six.status === 200 ? 'box-12' : 'box-6', recipient })]
    const pay = (url: string) => fetch(url, { method: 'POST', body: new URLSearchParams({ email: 'box@example.tw', payment_method: 'pm_card_visa' }), redirect: 'manual' })
    const paid = await Promise.all(retried.map((r) => pay(r.body.data.url)))
    await shop.settle()
    expect(paid.map((r) => r.status).filter((status) => status === 303)).toHaveLength(1)
    const rows = await shop.database.db.query.subscriptions.findMany({ where: (sub, { eq }) => eq(sub.user_id, member.id) })
    expect(rows).toHaveLength(1)

    // a third window, before or after the webhooks: refused
    const third = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-1', recipient })
    expect(third.status).toBe(409)
    expect(third.body.error.code).toBe('ALREADY_SUBSCRIBED')
    // asked for on purpose, a second box is sold
    const second = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-1', recipient: { ...recipient, name: '王大明' }, second_box: true })
    expect(second.status).toBe(200)
    expect((await pay(second.body.data.url)).status).toBe(303)
    await shop.settle()
    const both = await shop.database.db.query.subscriptions.findMany({ where: (sub, { eq }) => eq(sub.user_id, member.id) })
    expect(both.map((row) => row.recipient?.name).sort()).toEqual(['王大明', '王小明'])
  })

  it('refuses a second plan paid in another window before its webhooks arrive', async () => {
    const { member } = await memberOnClock(Math.floor(Date.UTC(2026, 4, 1) / 1000))
    const first = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-3', recipient })
    const paid = await fetch(first.body.data.url, { method: 'POST', body: new URLSearchParams({ email: 'box@example.tw', payment_method: 'pm_card_visa' }), redirect: 'manual' })
    expect(paid.status).toBe(303)
    // no settle: the shop has not heard of the payment yet
    const other = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-12', recipient })
    expect(other.status).toBe(409)
    expect(other.body.error.code).toBe('ALREADY_SUBSCRIBED')
    await shop.settle()
    expect(await shop.database.db.query.subscriptions.findMany({ where: (sub, { eq }) => eq(sub.user_id, member.id) })).toHaveLength(1)
  })

  it('lets a member check out again when the provider no longer knows the earlier session, or it expired long ago', async () => {
    const { member } = await memberOnClock(Math.floor(Date.UTC(2026, 4, 20) / 1000))
    const first = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-3', recipient })
    expect(first.status).toBe(200)
    // the sandbox was reset (or the shop moved to other keys): the recorded session is unknown there
    const gone = 'cs_test_' + 'x'.repeat(56)
    await shop.database.db.update(subscriptionCheckouts).set({ session_id: gone }).where(eq(subscriptionCheckouts.user_id, member.id))
    const again = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-3', recipient })
    expect(again.status).toBe(200)
    expect(again.body.data.url).not.toBe(first.body.data.url)
    // a session whose expiry is long past is not asked about at all
    await shop.database.db.update(subscriptionCheckouts).set({ session_id: 'cs_test_' + 'y'.repeat(56), expires_at: new Date(Date.now() - 3 * 86_400_000) }).where(eq(subscriptionCheckouts.user_id, member.id))
    const later = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-6', recipient })
    expect(later.status).toBe(200)
    const paid = await fetch(later.body.data.url, { method: 'POST', body: new URLSearchParams({ email: 'box@example.tw', payment_method: 'pm_card_visa' }), redirect: 'manual' })
    expect(paid.status).toBe(303)
    await shop.settle()
    expect((await mine(member)).plan_id).toBe('box-6')
  })

  it('expires the open session before handing out the owner’s payment link, and refuses the link once that session was paid', async () => {
    const linked = await listenCheckoutShop(target, { catalogue: smallCatalogue(), env: { SUBSCRIPTION_PLAN_URLS: 'box-12=https://buy.stripe.com/test_box12' } })
    try {
      const member = await linked.member()
      const session = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-3', recipient })
      expect(session.status).toBe(200)
      const sessionId = (session.body.data.url as string).split('/').at(-1)!
      const link = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-12', recipient })
      expect(link.status).toBe(200)
      expect(link.body.data.url).toMatch(/^https:\/\/buy\.stripe\.com\/test_box12\?/)
      // the earlier page can no longer be paid: only the link can make the subscription
      expect((await linked.stripe.checkout.sessions.retrieve(sessionId)).status).toBe('expired')
      const late = await fetch(session.body.data.url, { method: 'POST', body: new URLSearchParams({ email: 'box@example.tw', payment_method: 'pm_card_visa' }), redirect: 'manual' })
      expect(late.status).not.toBe(303)

      // a session paid a moment ago (its webhooks not here yet) refuses the link instead of selling a second box
      const other = await linked.member()
      const opened = await other.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-1', recipient })
      const paid = await fetch(opened.body.data.url, { method: 'POST', body: new URLSearchParams({ email: 'box@example.tw', payment_method: 'pm_card_visa' }), redirect: 'manual' })
      expect(paid.status).toBe(303)
      const refused = await other.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-12', recipient })
      expect(refused.status).toBe(409)
      expect(refused.body.error.code).toBe('ALREADY_SUBSCRIBED')
    } finally {
      await linked.close()
    }
  })

  it('keeps the box still running manageable when a second box has ended', async () => {
    const start = Math.floor(Date.UTC(2026, 7, 3, 3) / 1000)
    const { member, clock } = await memberOnClock(start)
    await subscribe(member, 'box-1')
    const second = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-3', recipient: { ...recipient, name: '王大明' }, second_box: true })
    expect(second.status).toBe(200)
    expect((await fetch(second.body.data.url, { method: 'POST', body: new URLSearchParams({ email: 'box@example.tw', payment_method: 'pm_card_visa' }), redirect: 'manual' })).status).toBe(303)
    await shop.settle()
    // the second box is cancelled and ends with its term; the first renews every month meanwhile
    expect((await member.call('PUT', '/api/v1/user/subscription', { cancel_at_period_end: true })).body.data).toMatchObject({ plan_id: 'box-3', status: 'cancelling' })
    await shop.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: addMonths(start, 3) + 3600 })
    await shop.settle()
    const rows = await shop.database.db.query.subscriptions.findMany({ where: (sub, { eq }) => eq(sub.user_id, member.id) })
    expect(rows.map((row) => [row.plan_id, row.provider_status]).sort()).toEqual([['box-1', 'active'], ['box-3', 'canceled']])
    // the member sees and manages the box still charged, not the ended one
    expect(await mine(member)).toMatchObject({ plan_id: 'box-1', status: 'active', recipient: { name: '王小明' } })
    const moved = await member.call('PUT', '/api/v1/user/subscription/recipient', { recipient: { ...recipient, name: '陳大文' } })
    expect(moved.status).toBe(200)
    expect(moved.body.data).toMatchObject({ plan_id: 'box-1', recipient: { name: '陳大文' } })
    const changed = await member.call('PUT', '/api/v1/user/subscription/plan', { plan_id: 'box-6' })
    expect(changed.status).toBe(200)
    expect(changed.body.data.plan_change).toMatchObject({ plan_id: 'box-6' })
    const cancelling = await member.call('PUT', '/api/v1/user/subscription', { cancel_at_period_end: true })
    expect(cancelling.status).toBe(200)
    expect(cancelling.body.data).toMatchObject({ plan_id: 'box-1', status: 'cancelling' })
    // once every box has ended, the latest is shown as ended and nothing can be changed
    await shop.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: addMonths(start, 4) + 3600 })
    await shop.settle()
    expect((await mine(member)).status).toBe('ended')
    expect((await member.call('PUT', '/api/v1/user/subscription/recipient', { recipient })).status).toBe(404)
  })

  it('changes the plan from the next renewal: nothing charged now, a second click changes nothing, the renewal bills and shows the new plan', async () => {
    const start = Math.floor(Date.UTC(2026, 6, 10, 3) / 1000)
    const { member, clock } = await memberOnClock(start)
    // without a box there is nothing to change; a plan that does not exist is a field error in the member's language
    expect((await member.call('PUT', '/api/v1/user/subscription/plan', { plan_id: 'box-3' })).status).toBe(404)
    await subscribe(member, 'box-1')
    const unknown = await member.call('PUT', '/api/v1/user/subscription/plan', { plan_id: 'box-9' }, { 'x-localization': 'ja' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.code).toBe('VALIDATION_FAILED')
    expect(unknown.body.error.detail.plan_id).toEqual(['プランを選んでください。'])
    const same = await member.call('PUT', '/api/v1/user/subscription/plan', { plan_id: 'box-1' }, { 'x-localization': 'zh_tw' })
    expect(same.status).toBe(409)
    expect(same.body.error).toMatchObject({ code: 'SAME_PLAN', message: '您的零食箱已經是這個方案。' })
    expect((await mine(member)).plan_change).toBeNull()

    // a double click: two requests at once make one change
    const termEnd = addMonths(start, 1)
    const [a, b] = await Promise.all([
      member.call('PUT', '/api/v1/user/subscription/plan', { plan_id: 'box-3' }),
      member.call('PUT', '/api/v1/user/subscription/plan', { plan_id: 'box-3' }),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    const change = { plan_id: 'box-3', plan_title: '3-month plan', plan_months: 3, term_amount: 2895, starts_on: new Date(termEnd * 1000).toISOString() }
    expect(a.body.data).toMatchObject({ plan_id: 'box-1', term_amount: 999, status: 'active', plan_change: change })
    expect((await member.call('PUT', '/api/v1/user/subscription/plan', { plan_id: 'box-3' })).body.data.plan_change).toEqual(change)
    const row = (await shop.database.db.query.subscriptions.findFirst({ where: (sub, { eq }) => eq(sub.user_id, member.id) }))!
    const sub = await shop.stripe.subscriptions.retrieve(row.subscription_id)
    expect(sub.schedule).toBe(row.schedule_id)
    // nothing was billed: the first invoice is still the latest, and the term is as paid
    expect((await mine(member)).boxes.map((box: { amount: number }) => box.amount)).toEqual([999])
    expect((await shop.stripe.subscriptionSchedules.retrieve(row.schedule_id!)).phases.map((phase) => phase.start_date)).toEqual([start, termEnd])

    // another plan replaces the pending one; the current plan again drops it (the member switches back)
    expect((await member.call('PUT', '/api/v1/user/subscription/plan', { plan_id: 'box-12' })).body.data.plan_change.term_amount).toBe(11_040)
    const back = await member.call('PUT', '/api/v1/user/subscription/plan', { plan_id: 'box-1' })
    expect(back.status).toBe(200)
    expect(back.body.data.plan_change).toBeNull()
    expect((await shop.stripe.subscriptions.retrieve(row.subscription_id)).schedule).toBeNull()
    // and chooses again; cancelling at the term's end drops the change, and a cancelling box cannot change plan
    await member.call('PUT', '/api/v1/user/subscription/plan', { plan_id: 'box-6' })
    expect((await member.call('PUT', '/api/v1/user/subscription', { cancel_at_period_end: true })).body.data).toMatchObject({ status: 'cancelling', plan_change: null })
    const whileCancelling = await member.call('PUT', '/api/v1/user/subscription/plan', { plan_id: 'box-3' }, { 'x-localization': 'en' })
    expect(whileCancelling.status).toBe(409)
    expect(whileCancelling.body.error.code).toBe('SUBSCRIPTION_CANCELLING')
    expect((await member.call('PUT', '/api/v1/user/subscription', { cancel_at_period_end: false })).body.data.status).toBe('active')
    expect((await member.call('PUT', '/api/v1/user/subscription/plan', { plan_id: 'box-3' })).body.data.plan_change).toEqual(change)

    // the renewal: the new plan's amount is billed for three months, and the box shows the new plan
    await shop.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: termEnd + 3600 })
    await shop.settle()
    const renewed = await mine(member)
    expect(renewed).toMatchObject({ plan_id: 'box-3', plan_title: '3-month plan', plan_months: 3, term_amount: 2895, status: 'active', plan_change: null, current_period_end: new Date(addMonths(termEnd, 3) * 1000).toISOString() })
    expect(renewed.boxes.map((box: { amount: number }) => box.amount)).toEqual([2895, 999])
    // the term after renews at the same plan, once the schedule has let the subscription go
    await shop.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: addMonths(termEnd, 3) + 3600 })
    await shop.settle()
    const later = await mine(member)
    expect(later).toMatchObject({ plan_id: 'box-3', plan_change: null })
    expect(later.boxes.map((box: { amount: number }) => box.amount)).toEqual([2895, 2895, 999])
    expect((await shop.database.db.query.subscriptions.findFirst({ where: (s, { eq }) => eq(s.user_id, member.id) }))!.schedule_id).toBeNull()
    // the member may change plan again from there
    expect((await member.call('PUT', '/api/v1/user/subscription/plan', { plan_id: 'box-1' })).body.data.plan_change).toMatchObject({ plan_id: 'box-1', term_amount: 999 })
  })

  it('keeps the latest word when webhooks arrive twice, late or out of order', async () => {
    const start = Math.floor(Date.UTC(2026, 5, 1) / 1000)
    const { member, clock } = await memberOnClock(start)
    await subscribe(member, 'box-1')
    const sub = await mine(member)
    expect(sub.status).toBe('active')
    const [row] = await shop.database.db.select().from(billingCustomers)
    expect(row).toBeDefined()
    const subscriptionId = (await shop.database.db.query.subscriptions.findFirst({ where: (s, { eq }) => eq(s.user_id, member.id) }))!.subscription_id
    const current = await shop.stripe.subscriptions.retrieve(subscriptionId)

    const deliver = async (event: Record<string, unknown>) => {
      const payload = JSON.stringify(event)
      const res = await fetch(`${shop.url}/api/v1/payment/webhook/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: shop.keys.webhookSecret }) },
        body: payload,
      })
      return { status: res.status, body: await res.json() }
    }
    const event = (id: string, type: string, created: number, object: unknown) => ({ id, object: 'event', type, created, api_version: '2026-10-28.endive', livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } })

    // the member cancels at the term's end; then an older "updated" (still renewing) arrives late: it changes nothing
    expect((await member.call('PUT', '/api/v1/user/subscription', { cancel_at_period_end: true })).body.data.status).toBe('cancelling')
    const late = await deliver(event('evt_late_update_000000001', 'customer.subscription.updated', start - 60, { ...current, cancel_at_period_end: false }))
    expect(late.status).toBe(200)
    expect((await mine(member)).status).toBe('cancelling')
    // the same event again is recognised as a duplicate
    expect((await deliver(event('evt_late_update_000000001', 'customer.subscription.updated', start - 60, { ...current, cancel_at_period_end: false }))).body.duplicate).toBe(true)

    // the term ends: deleted; a paid invoice replayed afterwards adds no second box, and nothing revives an ended box
    await shop.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: addMonths(start, 1) + 60 })
    await shop.settle()
    expect((await mine(member)).status).toBe('ended')
    const invoice = await shop.stripe.invoices.retrieve(current.latest_invoice as string)
    await deliver(event('evt_invoice_replay_0000001', 'invoice.paid', start + 5, invoice))
    await deliver(event('evt_revive_attempt_0000001', 'customer.subscription.updated', addMonths(start, 2), { ...current, status: 'active' }))
    const after = await mine(member)
    expect(after.status).toBe('ended')
    expect(after.boxes).toHaveLength(1)
  })
})
