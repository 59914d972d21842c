import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedStripe, type EmbeddedStripe } from '../../server/emulators/stripe/embedded'
import { createLogger } from '../../server/lib/logger'
import { freshSandboxKeys } from '../../server/modules/payment/stripe-client'
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

  it('advances a test clock forward only, at most two years at once', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: 1_800_000_000 })
    await refused(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: 1_700_000_000 }))
    await refused(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: 1_800_000_000 + 3 * 366 * 86_400 }))
    expect((await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: 1_800_086_400 })).frozen_time).toBe(1_800_086_400)
  })
})
