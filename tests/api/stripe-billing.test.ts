import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMonths } from '../../server/emulators/stripe/billing-objects'
import { embeddedStripe, type EmbeddedStripe } from '../../server/emulators/stripe/embedded'
import { createLogger } from '../../server/lib/logger'
import { freshSandboxKeys } from '../../server/integrations/payments'
import { freePort } from './harness'

const keys = freshSandboxKeys()

/** The sandbox's Billing part faces the internet like the rest: every parameter checked, Stripe's error shape, nothing written by a refused call. */
describe('the embedded Stripe sandbox: Checkout Sessions, subscriptions and test clocks', () => {
  let dir: string
  let sandbox: EmbeddedStripe
  let server: ReturnType<typeof serve>
  let stripe: Stripe
  let base: string

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stripe-billing-'))
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    sandbox = embeddedStripe({ keys, stateDir: dir, webhookUrl: `http://127.0.0.1:9/hook`, publicUrl: base, logger: createLogger('silent') })
    const app = new Hono().route('/v1', sandbox.routes).route('/sandbox-checkout', sandbox.pages)
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port })
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    stripe = new Stripe(keys.secretKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 })
  })
  afterAll(async () => {
    await sandbox.stop()
    await new Promise((resolve) => server.close(resolve))
    await rm(dir, { recursive: true, force: true })
  })

  const session = (extra: Record<string, unknown> = {}) =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ quantity: 1, price_data: { currency: 'twd', unit_amount: 99_900, recurring: { interval: 'month', interval_count: 1 }, product_data: { name: 'Snack box' } } }],
      success_url: `${base}/done?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${base}/subscribe`,
      ...extra,
    } as Stripe.Checkout.SessionCreateParams)

  const refused = async (call: Promise<unknown>) => {
    const error = (await call.then(
      () => undefined,
      (e: unknown) => e,
    )) as Stripe.errors.StripeError | undefined
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    return error!
  }

  it('refuses what it does not sell, by parameter, and writes nothing', async () => {
    const before = (await sandbox.state()).billing
    expect((await refused(session({ mode: 'payment' }))).param).toBe('mode')
    expect((await refused(session({ success_url: 'javascript:alert(1)' }))).param).toBe('success_url')
    expect((await refused(session({ line_items: [] }))).param).toBe('line_items')
    expect((await refused(session({ line_items: [{ quantity: 2, price_data: { currency: 'twd', unit_amount: 1, recurring: { interval: 'month' }, product_data: { name: 'x' } } }] }))).param).toBe('line_items[0][quantity]')
    expect((await refused(session({ line_items: [{ quantity: 1, price_data: { currency: 'twd', unit_amount: 100, recurring: { interval: 'month', interval_count: 13 }, product_data: { name: 'x' } } }] }))).param).toBe(
      'line_items[0][price_data][recurring][interval_count]',
    )
    expect((await refused(session({ line_items: [{ quantity: 1, price_data: { currency: 'twd', unit_amount: 100, recurring: { interval: 'year' }, product_data: { name: 'x' } } }] }))).param).toBe('line_items[0][price_data][recurring][interval]')
    expect((await refused(session({ customer: 'cus_nobody00000000' }))).code).toBe('resource_missing')
    expect((await refused(session({ client_reference_id: '<script>' }))).param).toBe('client_reference_id')
    expect((await refused(session({ surprise: 'x' }))).code).toBe('parameter_unknown')
    expect((await refused(stripe.testHelpers.testClocks.create({ frozen_time: 9_999_999_999 }))).param).toBe('frozen_time')
    expect((await refused(stripe.customers.update('cus_nobody00000000', { email: 'a@b.tw' }))).code).toBe('resource_missing')
    expect((await sandbox.state()).billing).toBe(before)
  })

  it('serves the hosted page only for a real open session, and takes only test cards', async () => {
    const open = await session()
    expect(open.url).toBe(`${base}/sandbox-checkout/${open.id}`)
    const page = await fetch(open.url!)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(await page.text()).toContain('NT$999')
    expect((await fetch(`${base}/sandbox-checkout/cs_test_${'a'.repeat(56)}`)).status).toBe(404)
    const fake = await fetch(open.url!, { method: 'POST', body: new URLSearchParams({ payment_method: 'pm_card_stolen' }) })
    expect(fake.status).toBe(402)
    expect((await stripe.checkout.sessions.retrieve(open.id)).status).toBe('open')
    const huge = await fetch(open.url!, { method: 'POST', body: new URLSearchParams({ email: 'x'.repeat(10_000) }) })
    expect(huge.status).toBe(413)

    // expired: no longer payable, and it cannot be expired twice
    expect((await stripe.checkout.sessions.expire(open.id)).status).toBe('expired')
    await refused(stripe.checkout.sessions.expire(open.id))
    const late = await fetch(open.url!, { method: 'POST', body: new URLSearchParams({ payment_method: 'pm_card_visa' }), redirect: 'manual' })
    expect(late.status).toBe(409)
  })

  it('opens a customer’s portal page only with the link the shop was given', async () => {
    const customer = await stripe.customers.create({ email: 'portal@example.tw' })
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: `${base}/user/subscription` })
    expect((await fetch(portal.url)).status).toBe(200)
    const forged = portal.url.replace(/token=[^&]+/, 'token=forged')
    expect((await fetch(forged)).status).toBe(404)
    const saved = await fetch(portal.url, { method: 'POST', body: new URLSearchParams({ payment_method: 'pm_card_chargeDeclined' }) })
    expect(saved.status).toBe(200)
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ invoice_settings: { default_payment_method: 'pm_card_chargeDeclined' } })
  })

  it('links the portal page back only to the return_url its session was created with: a changed one is refused, not followed', async () => {
    const customer = await stripe.customers.create({ email: 'back@example.tw' })
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: `${base}/user/subscription` })
    const page = await (await fetch(portal.url)).text()
    expect(page).toContain(`<a href="${base}/user/subscription">Back to the shop</a>`)
    expect(page).toContain(`return_url=${encodeURIComponent(`${base}/user/subscription`)}`)

    const withReturn = (value: string | null) => {
      const url = new URL(portal.url)
      if (value === null) url.searchParams.delete('return_url')
      else url.searchParams.set('return_url', value)
      return url.href
    }
    for (const changed of ['https://evil.example/phish', '/\\evil.example', '//evil.example', 'javascript:alert(1)', `${base}/user/subscription?x=1`, null]) {
      const answer = await fetch(withReturn(changed))
      expect(answer.status, String(changed)).toBe(404)
      expect(await answer.text()).not.toContain('evil.example')
      const saved = await fetch(withReturn(changed), { method: 'POST', body: new URLSearchParams({ payment_method: 'pm_card_chargeDeclined' }) })
      expect(saved.status, String(changed)).toBe(404)
    }
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).invoice_settings.default_payment_method).not.toBe('pm_card_chargeDeclined')
    // another customer's token does not open this customer's page either
    const other = await stripe.billingPortal.sessions.create({ customer: (await stripe.customers.create({ email: 'other@example.tw' })).id, return_url: `${base}/user/subscription` })
    expect((await fetch(portal.url.replace(/token=[^&]+/, new URL(other.url).search.match(/token=[^&]+/)![0]))).status).toBe(404)
    // a session with no return_url goes back to the shop's own origin
    const plain = await stripe.billingPortal.sessions.create({ customer: customer.id })
    expect(await (await fetch(plain.url)).text()).toContain(`<a href="${base}">Back to the shop</a>`)
    expect((await refused(stripe.billingPortal.sessions.create({ customer: customer.id, return_url: `${base}/${'x'.repeat(5000)}` }))).param).toBe('return_url')
  })

  it('links the checkout page only to the success_url and cancel_url its session was created with, whatever the query says', async () => {
    const open = await session()
    const sneaky = `${open.url}?cancel_url=https://evil.example/phish&success_url=https://evil.example/phish`
    const page = await (await fetch(sneaky)).text()
    expect(page).toContain(`<a href="${base}/subscribe">Cancel and go back</a>`)
    expect(page).not.toContain('evil.example')
    const paid = await fetch(sneaky, { method: 'POST', body: new URLSearchParams({ payment_method: 'pm_card_visa' }), redirect: 'manual' })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`${base}/done?session_id=${open.id}`)
    const after = await (await fetch(sneaky)).text()
    expect(after).toContain(`<a href="${base}/done?session_id=${open.id}">Back to the shop</a>`)
    expect(after).not.toContain('evil.example')
    // a URL that is not http(s) is refused when the session is created, so it never reaches a page
    expect((await refused(session({ cancel_url: '/\\evil.example' }))).param).toBe('cancel_url')
    expect((await refused(session({ success_url: '//evil.example/{CHECKOUT_SESSION_ID}' }))).param).toBe('success_url')
  })

  /** A customer on a test clock who paid a one-month box through the hosted page: the subscription. */
  async function paidSubscription(start: number, months = 1, amount = 99_900) {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start })
    const customer = await stripe.customers.create({ email: 'plan@example.tw', test_clock: clock.id })
    const open = await session({
      customer: customer.id,
      line_items: [{ quantity: 1, price_data: { currency: 'twd', unit_amount: amount, recurring: { interval: 'month', interval_count: months }, product_data: { name: 'Snack box' } } }],
      subscription_data: { metadata: { plan_id: `box-${months}` } },
    })
    const paid = await fetch(open.url!, { method: 'POST', body: new URLSearchParams({ payment_method: 'pm_card_visa' }), redirect: 'manual' })
    expect(paid.status).toBe(303)
    const sub = await stripe.subscriptions.retrieve((await stripe.checkout.sessions.retrieve(open.id)).subscription as string)
    return { clock, customer, sub, item: sub.items.data[0]! }
  }

  it('changes a subscription’s price at its next renewal through a schedule, refusing what it cannot do, and lets it go back before', async () => {
    const start = Math.floor(Date.UTC(2026, 0, 15, 3) / 1000)
    const { clock, sub, item } = await paidSubscription(start)
    const end = item.current_period_end
    const product = item.price.product as string
    const nextPhase = (extra: Record<string, unknown> = {}) => ({
      items: [{ quantity: 1, price_data: { currency: 'twd', product, unit_amount: 289_500, recurring: { interval: 'month' as const, interval_count: 3 } } }],
      duration: { interval: 'month' as const, interval_count: 3 },
      metadata: { plan_id: 'box-3' },
      proration_behavior: 'none' as const,
      ...extra,
    })
    const currentPhase = (extra: Record<string, unknown> = {}) => ({ start_date: item.current_period_start, end_date: end, items: [{ price: item.price.id, quantity: 1 }], ...extra })

    // from an existing subscription only, once
    expect((await refused(stripe.subscriptionSchedules.create({}))).param).toBe('from_subscription')
    expect((await refused(stripe.subscriptionSchedules.create({ from_subscription: 'sub_nobody' }))).code).toBe('resource_missing')
    expect((await refused(stripe.subscriptionSchedules.create({ from_subscription: sub.id, phases: [{ items: [{ price: item.price.id }] }] }))).param).toBe('phases')
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: sub.id })
    expect(schedule).toMatchObject({ object: 'subscription_schedule', status: 'active', subscription: sub.id, end_behavior: 'release', current_phase: { start_date: start, end_date: end } })
    expect(schedule.phases).toHaveLength(1)
    expect((await stripe.subscriptions.retrieve(sub.id)).schedule).toBe(schedule.id)
    await refused(stripe.subscriptionSchedules.create({ from_subscription: sub.id }))
    // a scheduled subscription's cancellation goes through its schedule, as at Stripe
    expect((await refused(stripe.subscriptions.update(sub.id, { cancel_at_period_end: true }))).param).toBe('cancel_at_period_end')

    // each refusal names its parameter and changes nothing
    const before = (await sandbox.state()).billing
    const update = (phases: unknown[]) => stripe.subscriptionSchedules.update(schedule.id, { end_behavior: 'release', proration_behavior: 'none', phases } as Stripe.SubscriptionScheduleUpdateParams)
    const param = async (phases: unknown[]) => (await refused(update(phases))).param
    expect(await param([currentPhase(), nextPhase({ items: [{ price: 'price_nobody', quantity: 1 }] })])).toBe('phases[1][items][0][price]')
    expect((await refused(update([currentPhase(), nextPhase({ items: [{ price: 'price_nobody', quantity: 1 }] })]))).code).toBe('resource_missing')
    expect(await param([currentPhase(), nextPhase({ items: [{ quantity: 1, price_data: { currency: 'twd', product: 'prod_nobody', unit_amount: 100, recurring: { interval: 'month' } } }] })])).toBe('phases[1][items][0][price_data][product]')
    expect(await param([currentPhase(), nextPhase({ items: [{ quantity: 1, price_data: { currency: 'usd', product, unit_amount: 100, recurring: { interval: 'month' } } }] })])).toBe('phases[1][items][0][price_data][currency]')
    expect(await param([currentPhase(), nextPhase({ items: [{ quantity: 1, price_data: { currency: 'twd', product, unit_amount: 100, recurring: { interval: 'month', interval_count: 13 } } }] })])).toBe('phases[1][items][0][price_data][recurring][interval_count]')
    expect(await param([currentPhase(), nextPhase({ items: [{ quantity: 2, price: item.price.id }] })])).toBe('phases[1][items][0][quantity]')
    expect(await param([currentPhase(), nextPhase({ items: [] })])).toBe('phases[1][items]')
    expect(await param([currentPhase(), nextPhase({ surprise: 'x' })])).toBe('phases[1][surprise]')
    // the current phase stays as paid: same start, same price, ending with the period
    expect(await param([currentPhase({ start_date: start + 60 }), nextPhase()])).toBe('phases[0][start_date]')
    expect(await param([currentPhase({ end_date: end - 86_400 }), nextPhase()])).toBe('phases[0][end_date]')
    expect(await param([currentPhase({ items: [{ quantity: 1, price_data: { currency: 'twd', product, unit_amount: 100, recurring: { interval: 'month' } } }] }), nextPhase()])).toBe('phases[0][items][0][price]')
    // a later phase lasts whole periods of its price
    expect(await param([currentPhase(), nextPhase({ duration: { interval: 'month', interval_count: 2 } })])).toBe('phases[1][duration]')
    expect((await refused(stripe.subscriptionSchedules.update(schedule.id, { end_behavior: 'cancel' }))).param).toBe('end_behavior')
    expect((await refused(stripe.subscriptionSchedules.update(schedule.id, { proration_behavior: 'sometimes' as never }))).param).toBe('proration_behavior')
    expect((await sandbox.state()).billing).toBe(before)

    // the change: nothing is billed now; the renewal bills the new price for the new period, and the metadata follows
    const changed = await update([currentPhase(), nextPhase()])
    expect(changed.phases.map((p) => [p.start_date, p.end_date])).toEqual([
      [start, end],
      [end, addMonths(end, 3)],
    ])
    expect((await stripe.subscriptions.retrieve(sub.id)).latest_invoice).toBe(sub.latest_invoice)
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: end + 3600 })
    const renewed = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] })
    expect(renewed.items.data[0]!.price).toMatchObject({ unit_amount: 289_500, recurring: { interval_count: 3 } })
    expect(renewed.items.data[0]!.current_period_end).toBe(addMonths(end, 3))
    expect(renewed.metadata.plan_id).toBe('box-3')
    expect((renewed.latest_invoice as Stripe.Invoice).amount_paid).toBe(289_500)
    expect((await stripe.subscriptionSchedules.retrieve(schedule.id)).current_phase).toEqual({ start_date: end, end_date: addMonths(end, 3) })
    // when its last phase ends, the schedule releases the subscription, which renews at the price it has
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: addMonths(end, 3) + 3600 })
    expect(await stripe.subscriptionSchedules.retrieve(schedule.id)).toMatchObject({ status: 'released', released_subscription: sub.id, subscription: null })
    const after = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] })
    expect(after.schedule).toBeNull()
    expect((after.latest_invoice as Stripe.Invoice).amount_paid).toBe(289_500)
  })

  it('keeps the price when a schedule is released before the renewal, and releases once', async () => {
    const start = Math.floor(Date.UTC(2026, 1, 3, 3) / 1000)
    const { clock, sub, item } = await paidSubscription(start, 6, 567_000)
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: sub.id })
    await stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: [
        { start_date: item.current_period_start, end_date: item.current_period_end, items: [{ price: item.price.id, quantity: 1 }] },
        { items: [{ quantity: 1, price_data: { currency: 'twd', product: item.price.product as string, unit_amount: 99_900, recurring: { interval: 'month', interval_count: 1 } } }], duration: { interval: 'month', interval_count: 1 } },
      ],
    })
    expect((await stripe.subscriptionSchedules.release(schedule.id)).status).toBe('released')
    await refused(stripe.subscriptionSchedules.release(schedule.id))
    await refused(stripe.subscriptionSchedules.update(schedule.id, { metadata: { a: 'b' } }))
    expect((await stripe.subscriptions.retrieve(sub.id)).schedule).toBeNull()
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: item.current_period_end + 3600 })
    const renewed = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] })
    expect((renewed.latest_invoice as Stripe.Invoice).amount_paid).toBe(567_000)
    expect(renewed.items.data[0]!.price.id).toBe(item.price.id)
  })

  it('advances a test clock forward only, at most two years at once', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: 1_800_000_000 })
    await refused(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: 1_700_000_000 }))
    await refused(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: 1_800_000_000 + 3 * 366 * 86_400 }))
    expect((await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: 1_800_086_400 })).frozen_time).toBe(1_800_086_400)
  })
})
