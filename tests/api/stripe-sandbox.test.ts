import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxConfirmRequest, TEST_CARDS } from '../../contract/payment'
import { embeddedStripe, type EmbeddedStripe } from '../../server/emulators/stripe/embedded'
import { createLogger } from '../../server/lib/logger'
import { freshSandboxKeys } from '../../server/integrations/payments'
import { freePort } from './harness'

interface Received {
  body: string
  headers: IncomingHttpHeaders
}

/** A webhook endpoint that records what it receives and answers with whatever `answer` says. */
async function webhookReceiver(port: number) {
  const received: Received[] = []
  let answer = (_r: Received) => 200
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const r = { body, headers: req.headers }
      received.push(r)
      res.writeHead(answer(r)).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    received,
    answerWith: (f: (r: Received) => number) => (answer = f),
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

const keys = freshSandboxKeys()
const events = (received: Received[]) => received.map((r) => Stripe.webhooks.constructEvent(r.body, r.headers['stripe-signature'] as string, keys.webhookSecret))

describe('the embedded Stripe sandbox, driven by the stripe SDK', () => {
  let dir: string
  let hookPort: number
  let hooks: Awaited<ReturnType<typeof webhookReceiver>>
  let sandbox: EmbeddedStripe
  let apiPort: number
  let server: ReturnType<typeof serve>
  let stripe: Stripe

  async function startSandbox() {
    sandbox = embeddedStripe({ keys, stateDir: dir, webhookUrl: `http://127.0.0.1:${hookPort}/hook`, publicUrl: 'http://127.0.0.1', logger: createLogger('silent') })
    const app = new Hono().route('/v1', sandbox.routes)
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: apiPort })
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    await sandbox.start()
  }
  async function stopSandbox() {
    await sandbox.stop()
    await new Promise((resolve) => server.close(resolve))
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stripe-sandbox-'))
    hookPort = await freePort()
    apiPort = await freePort()
    hooks = await webhookReceiver(hookPort)
    await startSandbox()
    stripe = new Stripe(keys.secretKey, { host: '127.0.0.1', port: apiPort, protocol: 'http', maxNetworkRetries: 0 })
  })
  afterAll(async () => {
    await stopSandbox()
    await hooks.close()
    await rm(dir, { recursive: true, force: true })
  })

  const create = (extra: Partial<Stripe.PaymentIntentCreateParams> = {}, options?: Stripe.RequestOptions) =>
    stripe.paymentIntents.create({ amount: 123_400, currency: 'twd', metadata: { order_no: 'T-1' }, allowed_payment_method_types: ['card'], ...extra }, options)
  const eventsFor = async (intentId: string, count: number) => {
    await sandbox.idle()
    const found = events(hooks.received).filter((e) => (e.data.object as { id: string; payment_intent?: string }).id === intentId || (e.data.object as { payment_intent?: string }).payment_intent === intentId)
    expect(found).toHaveLength(count)
    return found
  }

  it('creates and retrieves PaymentIntents in TWD minor units', async () => {
    const pi = await create()
    expect(pi).toMatchObject({ object: 'payment_intent', amount: 123_400, currency: 'twd', status: 'requires_payment_method', metadata: { order_no: 'T-1' }, livemode: false })
    expect(pi.id).toMatch(/^pi_\w{24}$/)
    expect(pi.client_secret).toMatch(new RegExp(`^${pi.id}_secret_\\w+$`))
    expect(await stripe.paymentIntents.retrieve(pi.id)).toEqual(pi)
  })

  it('answers bad requests with Stripe’s errors, which the SDK turns into its error classes', async () => {
    const missing = await stripe.paymentIntents.create({ currency: 'twd' } as Stripe.PaymentIntentCreateParams).catch((e) => e)
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(missing).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'amount', message: 'Missing required param: amount.' })
    const unknown = await create({ colour: 'red' } as never).catch((e) => e)
    expect(unknown).toMatchObject({ type: 'StripeInvalidRequestError', code: 'parameter_unknown', param: 'colour' })
    const badAmount = await create({ amount: -5 }).catch((e) => e)
    expect(badAmount).toMatchObject({ statusCode: 400, code: 'parameter_invalid_integer', param: 'amount' })
    const nothing = await stripe.paymentIntents.retrieve('pi_doesnotexist').catch((e) => e)
    expect(nothing).toMatchObject({ statusCode: 404, code: 'resource_missing', type: 'StripeInvalidRequestError' })
    const wrongKey = new Stripe('sk_test_wrong0000000000000000', { host: '127.0.0.1', port: apiPort, protocol: 'http', maxNetworkRetries: 0 })
    const denied = await wrongKey.paymentIntents.create({ amount: 100, currency: 'twd' }).catch((e) => e)
    expect(denied).toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
    expect(denied.message).toMatch(/^Invalid API Key provided: sk_test_\*+0000$/)
    const publishable = new Stripe(keys.publishableKey, { host: '127.0.0.1', port: apiPort, protocol: 'http', maxNetworkRetries: 0 })
    expect(await publishable.paymentIntents.create({ amount: 100, currency: 'twd' }).catch((e) => e)).toMatchObject({ statusCode: 401, message: expect.stringContaining('publishable API key') })
    const raw = await fetch(`http://127.0.0.1:${apiPort}/v1/balance`, { headers: { authorization: `Bearer ${keys.secretKey}` } })
    expect(raw.status).toBe(404)
    expect((await raw.json()).error).toMatchObject({ type: 'invalid_request_error', message: expect.stringContaining('Unrecognized request URL') })
  })

  it('keeps Stripe’s Idempotency-Key rules: replay, other parameters refused, parameter errors not remembered', async () => {
    const first = await create({}, { idempotencyKey: 'order-T-1-attempt-1' })
    const again = await create({}, { idempotencyKey: 'order-T-1-attempt-1' })
    expect(again.id).toBe(first.id)
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true')
    const other = await create({ amount: 999_900 }, { idempotencyKey: 'order-T-1-attempt-1' }).catch((e) => e)
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
    expect(other.message).toContain('same parameters')
    const elsewhere = await stripe.refunds.create({ payment_intent: first.id }, { idempotencyKey: 'order-T-1-attempt-1' }).catch((e) => e)
    expect(elsewhere).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)

    const invalid = await create({ currency: 'xyz' }, { idempotencyKey: 'fix-me' }).catch((e) => e)
    expect(invalid).toMatchObject({ statusCode: 400, param: 'currency' })
    expect((await create({}, { idempotencyKey: 'fix-me' })).status).toBe('requires_payment_method')
  })

  it('charges pm_card_visa, and says so with a signed payment_intent.succeeded webhook', async () => {
    const pi = await create()
    const paid = await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' })
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 123_400, payment_method: 'pm_card_visa', latest_charge: expect.stringMatching(/^ch_/) })
    const withCharge = await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] })
    expect(withCharge.latest_charge).toMatchObject({ object: 'charge', paid: true, amount_captured: 123_400, payment_intent: pi.id })
    const [event] = await eventsFor(pi.id, 1)
    expect(event).toMatchObject({ type: 'payment_intent.succeeded', object: 'event', data: { object: { id: pi.id, status: 'succeeded' } } })
    const again = await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' }).catch((e) => e)
    expect(again).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' })
  })

  it('declines the declining test cards with card errors, and lets the intent be paid again', async () => {
    const pi = await create()
    const declined = await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_chargeDeclined' }).catch((e) => e)
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError)
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' })
    expect(declined.payment_intent).toMatchObject({ id: pi.id, status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } })
    const poor = await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_chargeDeclinedInsufficientFunds' }).catch((e) => e)
    expect(poor).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' })
    expect((await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' })).status).toBe('succeeded')
    const types = (await eventsFor(pi.id, 3)).map((e) => e.type).sort()
    expect(types).toEqual(['payment_intent.payment_failed', 'payment_intent.payment_failed', 'payment_intent.succeeded'])
  })

  it('refuses raw card numbers and unknown payment methods', async () => {
    const pi = await create()
    const raw = await stripe.paymentIntents.confirm(pi.id, { payment_method_data: { type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } } } as never).catch((e) => e)
    expect(raw).toMatchObject({ statusCode: 400, param: 'payment_method_data[card][number]', message: expect.stringContaining('unsafe') })
    const unknown = await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_amex_real' }).catch((e) => e)
    expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'payment_method' })
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method')
    expect(TEST_CARDS.map((c) => c.payment_method)).toEqual(['pm_card_visa', 'pm_card_chargeDeclined', 'pm_card_chargeDeclinedInsufficientFunds'])
  })

  it('lets the browser confirm with the publishable key and the client secret only', async () => {
    const pi = await create()
    const base = `http://127.0.0.1:${apiPort}`
    const wrong = sandboxConfirmRequest(`${pi.id}_secret_nottheone`, 'pm_card_visa', keys.publishableKey)
    const refused = await fetch(base + wrong.url, wrong.init)
    expect(refused.status).toBe(400)
    expect((await refused.json()).error).toMatchObject({ type: 'invalid_request_error', param: 'client_secret' })
    const peek = await fetch(`${base}/v1/payment_intents/${pi.id}?key=${keys.publishableKey}`)
    expect(peek.status).toBe(400)
    const right = sandboxConfirmRequest(pi.client_secret!, 'pm_card_visa', keys.publishableKey)
    const answer = await fetch(base + right.url, right.init)
    expect(answer.status).toBe(200)
    const body = await answer.json()
    expect(body).toMatchObject({ id: pi.id, status: 'succeeded' })
    expect(body.metadata).toBeUndefined()
  })

  it('cancels open intents only, with a payment_intent.canceled webhook', async () => {
    const pi = await create()
    const canceled = await stripe.paymentIntents.cancel(pi.id, { cancellation_reason: 'abandoned' })
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned', canceled_at: expect.any(Number) })
    expect(await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' }).catch((e) => e)).toMatchObject({ code: 'payment_intent_unexpected_state' })
    expect(await stripe.paymentIntents.cancel(pi.id).catch((e) => e)).toMatchObject({ code: 'payment_intent_unexpected_state', message: expect.stringContaining('status of canceled') })
    const paid = await create({ payment_method: 'pm_card_visa', confirm: true })
    expect(paid.status).toBe('succeeded')
    expect(await stripe.paymentIntents.cancel(paid.id).catch((e) => e)).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' })
    expect((await eventsFor(pi.id, 1))[0]!.type).toBe('payment_intent.canceled')
  })

  it('refunds a succeeded payment in parts, never more than was charged, with charge.refunded webhooks', async () => {
    const unpaid = await create()
    expect(await stripe.refunds.create({ payment_intent: unpaid.id }).catch((e) => e)).toMatchObject({ statusCode: 400, param: 'payment_intent' })
    const pi = await create({ payment_method: 'pm_card_visa', confirm: true })
    const part = await stripe.refunds.create({ payment_intent: pi.id, amount: 23_400, reason: 'requested_by_customer' })
    expect(part).toMatchObject({ object: 'refund', amount: 23_400, status: 'succeeded', payment_intent: pi.id })
    expect(await stripe.refunds.create({ payment_intent: pi.id, amount: 100_001 }).catch((e) => e)).toMatchObject({ code: 'amount_too_large' })
    const rest = await stripe.refunds.create({ payment_intent: pi.id }, { idempotencyKey: `refund-${pi.id}` })
    expect(rest.amount).toBe(100_000)
    expect((await stripe.refunds.create({ payment_intent: pi.id }, { idempotencyKey: `refund-${pi.id}` })).id).toBe(rest.id)
    expect(await stripe.refunds.create({ payment_intent: pi.id }).catch((e) => e)).toMatchObject({ code: 'charge_already_refunded' })
    const charge = await stripe.charges.retrieve(rest.charge as string)
    expect(charge).toMatchObject({ amount_refunded: 123_400, refunded: true })
    const refunds = (await eventsFor(pi.id, 3)).filter((e) => e.type === 'charge.refunded').map((e) => (e.data.object as Stripe.Charge).amount_refunded)
    expect(refunds.sort((a, b) => a - b)).toEqual([23_400, 123_400])
  })

  it('retries a failing webhook endpoint with backoff, signing every attempt', async () => {
    let failures = 0
    hooks.answerWith(() => (failures++ < 2 ? 500 : 200))
    const before = hooks.received.length
    const pi = await create({ payment_method: 'pm_card_visa', confirm: true })
    await sandbox.idle()
    hooks.answerWith(() => 200)
    const attempts = hooks.received.slice(before)
    expect(attempts).toHaveLength(3)
    const delivered = events(attempts)
    expect(new Set(delivered.map((e) => e.id)).size).toBe(1)
    expect(delivered[0]).toMatchObject({ type: 'payment_intent.succeeded', data: { object: { id: pi.id } } })
    expect(() => Stripe.webhooks.constructEvent(attempts[0]!.body, attempts[0]!.headers['stripe-signature'] as string, 'whsec_other')).toThrow()
  })

  it('keeps intents and undelivered webhooks across a restart', async () => {
    hooks.answerWith(() => 503)
    const pi = await create({ payment_method: 'pm_card_visa', confirm: true })
    await new Promise((resolve) => setTimeout(resolve, 100))
    await stopSandbox()
    hooks.answerWith(() => 200)
    const before = hooks.received.length
    await startSandbox()
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded')
    await sandbox.idle()
    const delivered = events(hooks.received.slice(before))
    expect(delivered.map((e) => [e.type, (e.data.object as { id: string }).id])).toContainEqual(['payment_intent.succeeded', pi.id])
  })
})
