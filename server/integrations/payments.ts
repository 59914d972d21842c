import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Hono } from 'hono'
import Stripe from 'stripe'
import type { PaymentConfig } from '../../contract/payment'
import type { Config } from '../config'
import type { DbOrTx } from '../db/client'
import { embeddedStripe, type EmbeddedStripe } from '../emulators/stripe/embedded'
import type { SandboxKeys } from '../emulators/stripe/sandbox'
import { AppError } from '../lib/errors'
import { keptSecrets } from '../lib/kept-secrets'
import type { Logger } from '../lib/logger'
import type { PaymentSources } from '../lib/security-headers'
import { ownHost, type Listening } from './own-address'

export type { SandboxKeys }

export const WEBHOOK_PATH = '/api/v1/payment/webhook/stripe'

export interface PaymentSettings {
  secretKey: string
  publishableKey: string
  webhookSecret: string
  /** true when the embedded sandbox answers under /v1 on this server */
  sandbox: boolean
  /** where this server reaches the sandbox; undefined: Stripe's own API */
  api?: { host: string; port: number; protocol: 'http' }
  /** where the sandbox posts its events (Stripe's dashboard holds this for real Stripe) */
  webhookUrl: string
  /** what the browser is told, through GET /config */
  browser: PaymentConfig
}

const key = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url').replace(/[-_]/g, '0')}`

export const freshSandboxKeys = (): SandboxKeys => ({ secretKey: key('sk_test'), publishableKey: key('pk_test'), webhookSecret: key('whsec') })

/** The sandbox's keys, generated once and kept under DATA_DIR so that restarts and `npm run shop` use the same. */
export const sandboxKeys = (dataDir: string): Promise<SandboxKeys> => keptSecrets(dataDir, 'stripe-sandbox-keys.json', freshSandboxKeys)

/**
 * Real Stripe when the STRIPE_* keys are configured; otherwise the embedded sandbox, reached over
 * HTTP on the server's own address like any Stripe host, with its keys from DATA_DIR.
 */
export function paymentSettings(config: Config, listening: Listening, keys?: SandboxKeys): PaymentSettings {
  if (config.stripe) {
    const { sandboxUrl, ...keys } = config.stripe
    // the sandbox run on its own for several servers: reached there by the servers, on the shop's origin by browsers (decision 78)
    const shared = sandboxUrl ? new URL(sandboxUrl) : undefined
    return {
      ...keys,
      sandbox: false,
      api: shared ? { host: shared.hostname, port: Number(shared.port || 80), protocol: 'http' } : undefined,
      webhookUrl: `${config.publicUrl}${WEBHOOK_PATH}`,
      browser: { provider: 'stripe', publishable_key: keys.publishableKey, sandbox: shared !== undefined },
    }
  }
  const own = keys ?? freshSandboxKeys()
  const host = ownHost(listening)
  return {
    ...own,
    sandbox: true,
    api: { host, port: listening.port, protocol: 'http' },
    webhookUrl: `http://${host}:${listening.port}${WEBHOOK_PATH}`,
    browser: { provider: 'stripe', publishable_key: own.publishableKey, sandbox: true },
  }
}

/**
 * The one Stripe client of the shop: the same SDK calls reach Stripe or the sandbox. `inProcess`
 * hands the SDK's requests (URL, headers, form body, as they would go over the wire) to the
 * sandbox's own fetch handler in this process instead of a loopback socket: the embedded sandbox
 * answers alike, without the HTTP client and server work each checkout would otherwise pay twice.
 */
export function createStripeClient(settings: Pick<PaymentSettings, 'secretKey' | 'api'>, inProcess?: (request: Request) => Response | Promise<Response>) {
  return new Stripe(settings.secretKey, {
    ...(settings.api ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol } : {}),
    ...(inProcess ? { httpClient: Stripe.createFetchHttpClient(async (input: string | URL | Request, init?: RequestInit) => inProcess(new Request(input, init))) } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  })
}

export type StripeClient = ReturnType<typeof createStripeClient>

/** Prices are whole TWD; Stripe counts TWD in hundredths (docs.stripe.com/currencies). */
export const toStripeAmount = (twd: number) => twd * 100
export const fromStripeAmount = (minor: number) => Math.round(minor / 100)

export type Intent = Stripe.PaymentIntent

/** Stripe could not be reached or answered with a server error: the member may simply try again. */
const unavailable = () => new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503, 'The payment service is not answering; please try again in a moment.')

const isTransient = (error: unknown) =>
  error instanceof Stripe.errors.StripeConnectionError ||
  error instanceof Stripe.errors.StripeAPIError ||
  error instanceof Stripe.errors.StripeRateLimitError ||
  (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)

/**
 * What the shop asks of Stripe (or the sandbox, through the same client): PaymentIntents in TWD,
 * created under an idempotency key derived from the order and attempt, cancelled, looked up and
 * refunded. Outages become PAYMENT_PROVIDER_UNAVAILABLE; Stripe's answers about state are results.
 */
export class PaymentGateway {
  constructor(
    readonly stripe: StripeClient,
    private readonly logger: Logger,
  ) {}

  /** Runs a call to Stripe; an outage becomes PAYMENT_PROVIDER_UNAVAILABLE (503), anything else is thrown as it is. */
  async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (isTransient(error)) {
        this.logger.warn(`stripe: ${what} failed`, { error: (error as Error).message })
        throw unavailable()
      }
      throw error
    }
  }

  createIntent(order: { no: string; amount: number }, attempt: number) {
    return this.call('create payment intent', () =>
      this.stripe.paymentIntents.create(
        {
          amount: toStripeAmount(order.amount),
          currency: 'twd',
          allowed_payment_method_types: ['card'],
          description: `Order ${order.no}`,
          metadata: { order_no: order.no, attempt: String(attempt) },
        },
        { idempotencyKey: `order-${order.no}-attempt-${attempt}` },
      ),
    )
  }

  retrieve(intentId: string) {
    return this.call('retrieve payment intent', () => this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }))
  }

  /** Cancels an open intent; one that can no longer be cancelled (paid, or already cancelled) is answered as it is. */
  async cancel(intentId: string): Promise<Intent> {
    try {
      return await this.call('cancel payment intent', () => this.stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' }))
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') return this.retrieve(intentId)
      throw error
    }
  }

  /** Refunds the whole charge of a succeeded intent, once (the key makes a retry return the same refund). */
  async refund(intentId: string, orderNo: string): Promise<{ amount: number } | 'already refunded'> {
    try {
      const refund = await this.call('refund', () =>
        this.stripe.refunds.create({ payment_intent: intentId, reason: 'requested_by_customer', metadata: { order_no: orderNo } }, { idempotencyKey: `refund-${intentId}` }),
      )
      return { amount: refund.amount }
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return 'already refunded'
      throw error
    }
  }
}

/** What a module does with a Stripe event inside the transaction that records it; it may return work for after the commit. */
export type StripeEventHandler = (tx: DbOrTx, event: Stripe.Event) => Promise<(() => Promise<unknown>) | void>

// Stripe's own list (docs.stripe.com/security/guide#content-security-policy)
const STRIPE_SOURCES: PaymentSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
  paymentRequest: ['https://js.stripe.com'],
}

export interface PaymentsIntegration {
  settings: PaymentSettings
  /** the shop's one Stripe client, behind the gateway's calls */
  gateway: PaymentGateway
  /** what the browser is told, through GET /config */
  browser: PaymentConfig
  /** what real Stripe's card fields need on the page (CSP); undefined for the sandbox on the shop's origin */
  browserSources?: PaymentSources
  /** the embedded sandbox (undefined with real Stripe): its API for /v1, its hosted pages, its webhook deliveries */
  sandbox?: EmbeddedStripe
}

/**
 * Payments, real Stripe or the embedded sandbox: the one place that knows which. The embedded
 * sandbox is reached through `inProcess`, a fetch handler that serves its routes (the app's own):
 * the same requests, no loopback socket. Without one, the client reaches the sandbox over HTTP at
 * the listening address, where another process (a running shop) serves it.
 */
export function paymentsIntegration(
  config: Config,
  options: { listening: Listening; sandboxKeys?: SandboxKeys; logger: Logger; inProcess?: (request: Request) => Response | Promise<Response> },
): PaymentsIntegration {
  const settings = paymentSettings(config, options.listening, options.sandboxKeys)
  const sandbox = settings.sandbox
    ? embeddedStripe({
        keys: settings,
        stateDir: path.join(config.dataDir, 'stripe-sandbox'),
        webhookUrl: settings.webhookUrl,
        publicUrl: config.publicUrl,
        logger: options.logger,
        allowedOrigins: config.corsOrigins,
      })
    : undefined
  return {
    settings,
    gateway: new PaymentGateway(createStripeClient(settings, sandbox ? options.inProcess : undefined), options.logger),
    browser: settings.browser,
    // the sandbox's pages are on the shop's own origin, embedded or shared
    browserSources: settings.browser.sandbox ? undefined : STRIPE_SOURCES,
    sandbox,
  }
}

/** The sandbox's API and pages, for the app to mount, with nothing for real Stripe. */
export const sandboxRoutes = (payments: PaymentsIntegration): { path: string; routes: Hono }[] =>
  payments.sandbox ? [{ path: '/v1', routes: payments.sandbox.routes }, { path: '/sandbox-checkout', routes: payments.sandbox.pages }] : []

/** The sandbox run on its own (`npm run stripe-sandbox`, decision 78). */
export { embeddedStripe as standaloneStripeSandbox }
