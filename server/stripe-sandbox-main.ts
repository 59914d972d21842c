/**
 * `npm run stripe-sandbox`: the shop's Stripe-compatible sandbox run on its own, so that several
 * shop servers share one (decision 78): the same API, hosted pages, journal and webhooks as the
 * sandbox each shop embeds when no STRIPE_* key is set. The shops take its keys (STRIPE_*) and
 * STRIPE_SANDBOX_URL; the load balancer routes /v1 and /sandbox-checkout on the shop's origin to it.
 *
 *   STRIPE_SANDBOX_HOST (127.0.0.1), STRIPE_SANDBOX_PORT (12111): where it listens
 *   STRIPE_SANDBOX_WEBHOOK_URL: where its events go, through the load balancer
 *     (PUBLIC_URL/api/v1/payment/webhook/stripe by default)
 *   PUBLIC_URL: the shop's origin, where hosted pages are linked and browsers call from
 *   STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: its keys, all three or none
 *     (then generated once into DATA_DIR/stripe-sandbox-keys.json)
 *   DATA_DIR (./data): its keys and journal (DATA_DIR/stripe-sandbox/)
 */
import './lib/harden'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import * as v from 'valibot'
import { sandboxKeys, standaloneStripeSandbox, WEBHOOK_PATH } from './integrations/payments'
import { createLogger } from './lib/logger'
import { standaloneEnv } from './lib/standalone-env'

const Env = v.object({
  STRIPE_SANDBOX_HOST: v.optional(v.pipe(v.string(), v.regex(/^[\w.:-]{1,253}$/, 'must be a host name or address')), '127.0.0.1'),
  STRIPE_SANDBOX_PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a port number'), v.transform(Number), v.maxValue(65535)), '12111'),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('must be a URL')), 'http://localhost:8080'),
  STRIPE_SANDBOX_WEBHOOK_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  STRIPE_SECRET_KEY: v.optional(v.pipe(v.string(), v.regex(/^sk_test_\w+$/, 'must be a test secret key (sk_test_...)'))),
  STRIPE_PUBLISHABLE_KEY: v.optional(v.pipe(v.string(), v.regex(/^pk_test_\w+$/, 'must be a test publishable key (pk_test_...)'))),
  STRIPE_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_...)'))),
  LOG_LEVEL: v.optional(v.picklist(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
})

async function main() {
  const { env, given } = standaloneEnv(Env, ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'])
  const logger = createLogger(env.LOG_LEVEL)
  const publicUrl = env.PUBLIC_URL.replace(/\/$/, '')
  const keys = given ? { secretKey: env.STRIPE_SECRET_KEY!, publishableKey: env.STRIPE_PUBLISHABLE_KEY!, webhookSecret: env.STRIPE_WEBHOOK_SECRET! } : await sandboxKeys(env.DATA_DIR)
  const sandbox = standaloneStripeSandbox({
    keys,
    stateDir: path.join(env.DATA_DIR, 'stripe-sandbox'),
    webhookUrl: env.STRIPE_SANDBOX_WEBHOOK_URL ?? `${publicUrl}${WEBHOOK_PATH}`,
    publicUrl,
    logger,
    allowedOrigins: [new URL(publicUrl).origin],
  })
  const site = new Hono()
  site.get('/up', (c) => c.text('OK'))
  site.route('/v1', sandbox.routes)
  site.route('/sandbox-checkout', sandbox.pages)
  site.all('*', (c) => c.json({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }, 404))
  await sandbox.start()
  const server = serve({ fetch: site.fetch, hostname: env.STRIPE_SANDBOX_HOST, port: env.STRIPE_SANDBOX_PORT }, (info) => {
    logger.info(`Stripe-compatible sandbox listening on http://${info.address}:${info.port}`, { keys: given ? 'STRIPE_*' : 'DATA_DIR/stripe-sandbox-keys.json' })
  })
  const stop = async () => {
    server.close()
    await sandbox.stop()
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop())
  process.on('SIGINT', () => void stop())
}

void main()
