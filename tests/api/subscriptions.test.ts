import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMonths } from '../../server/emulators/stripe/billing-objects'
import { billingCustomers } from '../../server/db/schema'
import { smallCatalogue } from '../fixtures/catalogue-factory'
import { listenCheckoutShop, type CheckoutShop, type Member } from './checkout-kit'
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
    const started = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: planId })
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
    expect(en.map((p: { id: string; months: number; price: number; save: number; per: string }) => [p.id, p.months, p.price, p.save, p.per])).toEqual([
      ['box-12', 12, 920, 948, 'month'],
      ['box-6', 6, 945, 324, 'month'],
      ['box-3', 3, 965, 102, 'month'],
      ['box-1', 1, 999, 0, 'month'],
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
    expect((await shop.request('POST', '/api/v1/subscription/checkout', { plan_id: 'box-3' })).status).toBe(401)
    expect((await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-9' })).status).toBe(400)
    const first = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-3' })
    const again = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-3' })
    expect(first.body.data.url).toMatch(/\/sandbox-checkout\/cs_test_[A-Za-z0-9]{56}$/)
    expect(again.body.data.url).toBe(first.body.data.url)
    const session = await shop.stripe.checkout.sessions.retrieve(first.body.data.url.split('/').at(-1))
    expect(session).toMatchObject({ mode: 'subscription', status: 'open', customer: customer.id, client_reference_id: String(member.id), amount_total: 289_500, currency: 'twd' })
    expect(session.success_url).toContain('/en/user/subscription?session_id={CHECKOUT_SESSION_ID}')
    expect(session.cancel_url).toMatch(/\/en\/subscribe$/)

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
    const twice = await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-12' })
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
    expect((await member.call('POST', '/api/v1/subscription/checkout', { plan_id: 'box-1' })).status).toBe(200)
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
