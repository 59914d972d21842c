import type { Context } from 'hono'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import type { Logger } from '../../lib/logger'
import { authentication, invalidRequest, StripeApiError } from './errors'
import { canonical, FORM_LIMITS, parseForm, tooLarge, type FormParams } from './form'
import { stripeId, unixNow } from './objects'
import { DEFAULT_API_VERSION, type CallContext, type Outcome, type StripeSandbox } from './sandbox'

const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/."
const PUBLISHABLE =
  'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.'

/** `2026-10-28.endive`, a dated version without a release name, and optional `; some_beta=v1` headers */
const API_VERSION = /^\d{4}-\d{2}-\d{2}(\.[a-z]{1,20})?(; ?[a-z0-9_]{1,40}=v\d{1,3}){0,5}$/

const redact = (key: string) => `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`

/**
 * Stripe's REST API (`/v1`) over the sandbox: form-encoded parameters, `Authorization: Bearer sk_...`
 * (or HTTP Basic, or the browser's `key=pk_...` parameter), Stripe's error shape and statuses, and
 * `Idempotency-Key` as Stripe documents it: a POST's first answer (success or error) is replayed for
 * the same key with `Idempotent-Replayed: true`; the same key with other parameters or on another
 * endpoint is a 400 `idempotency_error`; while the first request runs, a 409. Parameter errors are
 * not remembered, so they can be corrected and retried under the same key.
 */
export function stripeSandboxRoutes(opened: () => Promise<StripeSandbox>, logger: Logger, onEvents?: () => void, allowedOrigins: readonly string[] = []) {
  const app = new Hono()
  const running = new Set<string>()
  // browsers on other origins may not call with the shop's keys; same-origin calls need no header
  app.use('*', cors({ origin: [...allowedOrigins], allowHeaders: ['authorization', 'content-type', 'stripe-version', 'idempotency-key'], exposeHeaders: ['request-id', 'idempotent-replayed'], maxAge: 86400 }))
  app.onError((error, c) => {
    if (error instanceof StripeApiError) return c.json({ error: error.body }, error.status)
    logger.error('stripe sandbox: unexpected failure', { path: c.req.path, error: (error as Error).stack ?? String(error) })
    return c.json({ error: { type: 'api_error', message: 'An unknown error occurred' } }, 500)
  })
  app.use('*', bodyLimit({ maxSize: FORM_LIMITS.bytes, onError: () => { throw tooLarge() } }))

  let sandbox: StripeSandbox
  app.use('*', async (_c, next) => {
    sandbox = await opened()
    await next()
  })

  const paramsOf = async (c: Context): Promise<FormParams> => (c.req.method === 'GET' || c.req.method === 'DELETE' ? parseForm(new URL(c.req.url).search.slice(1)) : parseForm(await c.req.text()))

  /** Who calls, from the Authorization header or the `key` parameter (which is then removed). */
  const caller = (c: Context, params: FormParams, allowPublishable: boolean): CallContext => {
    const header = c.req.header('authorization') ?? ''
    let key: string | undefined
    const bearer = /^Bearer\s+(\S+)$/i.exec(header)
    const basic = /^Basic\s+(\S+)$/i.exec(header)
    if (bearer) key = bearer[1]
    else if (basic) key = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0]
    if (typeof params.key === 'string') {
      key ??= params.key
      delete params.key
    }
    if (!key) throw authentication(NO_KEY)
    const version = c.req.header('stripe-version')
    if (version !== undefined && !API_VERSION.test(version)) throw invalidRequest(`Invalid Stripe API version: ${version.slice(0, 40)}`, undefined, 'Stripe-Version')
    const requestId = stripeId('req', 14)
    c.header('request-id', requestId)
    const ctx = (kind: CallContext['key']): CallContext => ({
      key: kind,
      requestId,
      idempotencyKey: c.req.method === 'POST' ? (c.req.header('idempotency-key') ?? null) : null,
      apiVersion: c.req.header('stripe-version') ?? DEFAULT_API_VERSION,
    })
    if (key === sandbox.keys.secretKey) return ctx('secret')
    if (key === sandbox.keys.publishableKey) {
      if (!allowPublishable) throw authentication(PUBLISHABLE)
      return ctx('publishable')
    }
    throw authentication(`Invalid API Key provided: ${redact(key)}`)
  }

  /** Runs a mutating operation under Stripe's idempotency rules, then makes its changes durable before answering. */
  const mutate = async (c: Context, allowPublishable: boolean, operation: (params: FormParams, ctx: CallContext) => () => Outcome) => {
    const params = await paramsOf(c)
    const ctx = caller(c, params, allowPublishable)
    const key = ctx.idempotencyKey
    const endpoint = `${c.req.method} ${c.req.path}`
    const fingerprint = canonical(params)
    if (key !== null) {
      if (key.length > 255) throw invalidRequest('Idempotency keys can be at most 255 characters long.', undefined, 'Idempotency-Key')
      const saved = sandbox.store.idempotency.get(key)
      if (saved) {
        if (saved.endpoint !== endpoint) {
          throw new StripeApiError(400, { type: 'idempotency_error', message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.` })
        }
        if (saved.params !== fingerprint) {
          throw new StripeApiError(400, { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` })
        }
        c.header('idempotent-replayed', 'true')
        return c.json(saved.body as object, saved.status as 200)
      }
      if (running.has(key)) {
        throw new StripeApiError(409, {
          type: 'idempotency_error',
          code: 'idempotency_key_in_use',
          message: `There is currently another in-progress request using this Stripe Idempotency Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
        })
      }
    }
    const execute = operation(params, ctx)
    if (key !== null) running.add(key)
    try {
      let outcome: Outcome
      try {
        outcome = execute()
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error
        outcome = { status: error.status as 402, body: { error: error.body }, ops: [] }
      }
      const ops = [...outcome.ops]
      if (key !== null) ops.push({ k: 'idem', v: { key, endpoint, params: fingerprint, status: outcome.status, body: outcome.body, created: unixNow() } })
      sandbox.store.apply(ops)
      await sandbox.store.commit()
      if (outcome.ops.some((op) => op.k === 'dl')) onEvents?.()
      return c.json(outcome.body as object, outcome.status)
    } finally {
      if (key !== null) running.delete(key)
    }
  }

  const read = async (c: Context, allowPublishable: boolean, operation: (params: FormParams, ctx: CallContext) => unknown) => {
    const params = await paramsOf(c)
    return c.json(operation(params, caller(c, params, allowPublishable)) as object)
  }

  app.post('/payment_intents', (c) => mutate(c, false, (p, ctx) => sandbox.createIntent(p, ctx)))
  app.get('/payment_intents/:id', (c) => read(c, true, (p, ctx) => sandbox.retrieveIntent(c.req.param('id'), p, ctx)))
  app.post('/payment_intents/:id', (c) => mutate(c, false, (p, ctx) => sandbox.updateIntent(c.req.param('id'), p, ctx)))
  app.post('/payment_intents/:id/confirm', (c) => mutate(c, true, (p, ctx) => sandbox.confirmIntent(c.req.param('id'), p, ctx)))
  app.post('/payment_intents/:id/cancel', (c) => mutate(c, false, (p, ctx) => sandbox.cancelIntent(c.req.param('id'), p, ctx)))
  app.post('/refunds', (c) => mutate(c, false, (p, ctx) => sandbox.createRefund(p, ctx)))
  app.get('/refunds/:id', (c) => read(c, false, (p) => sandbox.retrieveRefund(c.req.param('id'), p)))
  app.get('/charges/:id', (c) => read(c, false, (p) => sandbox.retrieveCharge(c.req.param('id'), p)))
  const billing = () => sandbox.billing
  app.post('/customers', (c) => mutate(c, false, (p) => billing().createCustomer(p)))
  app.get('/customers/:id', (c) => read(c, false, (p) => billing().retrieveCustomer(c.req.param('id'), p)))
  app.post('/customers/:id', (c) => mutate(c, false, (p) => billing().updateCustomer(c.req.param('id'), p)))
  app.post('/checkout/sessions', (c) => mutate(c, false, (p) => billing().createCheckoutSession(p)))
  app.get('/checkout/sessions/:id', (c) => read(c, false, (p) => billing().retrieveCheckoutSession(c.req.param('id'), p)))
  app.post('/checkout/sessions/:id/expire', (c) => mutate(c, false, (p) => billing().expireCheckoutSession(c.req.param('id'), p)))
  app.get('/subscriptions/:id', (c) => read(c, false, (p) => billing().retrieveSubscription(c.req.param('id'), p)))
  app.post('/subscriptions/:id', (c) => mutate(c, false, (p, ctx) => billing().updateSubscription(c.req.param('id'), p, ctx)))
  app.delete('/subscriptions/:id', (c) => mutate(c, false, (p, ctx) => billing().cancelSubscription(c.req.param('id'), p, ctx)))
  app.post('/subscription_schedules', (c) => mutate(c, false, (p) => billing().schedules.create(p)))
  app.get('/subscription_schedules/:id', (c) => read(c, false, (p) => billing().schedules.retrieve(c.req.param('id'), p)))
  app.post('/subscription_schedules/:id', (c) => mutate(c, false, (p) => billing().schedules.update(c.req.param('id'), p)))
  app.post('/subscription_schedules/:id/release', (c) => mutate(c, false, (p) => billing().schedules.release(c.req.param('id'), p)))
  app.get('/invoices/:id', (c) => read(c, false, (p) => billing().retrieveInvoice(c.req.param('id'), p)))
  app.post('/billing_portal/sessions', (c) => mutate(c, false, (p) => billing().createPortalSession(p)))
  app.post('/test_helpers/test_clocks', (c) => mutate(c, false, (p) => billing().createTestClock(p)))
  app.get('/test_helpers/test_clocks/:id', (c) => read(c, false, (p) => billing().retrieveTestClock(c.req.param('id'), p)))
  app.post('/test_helpers/test_clocks/:id/advance', (c) => mutate(c, false, (p, ctx) => billing().advanceTestClock(c.req.param('id'), p, ctx)))
  app.all('*', (c) => {
    throw invalidRequest(`Unrecognized request URL (${c.req.method}: ${c.req.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`, undefined, undefined, 404)
  })
  return app
}
