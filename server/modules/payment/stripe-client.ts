import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import type { PaymentConfig } from '../../../contract/payment'
import type { Config } from '../../config'
import { keptSecrets } from '../../lib/kept-secrets'
import type { SandboxKeys } from '../../emulators/stripe/sandbox'

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
export function paymentSettings(config: Config, listening: { host: string; port: number }, keys?: SandboxKeys): PaymentSettings {
  if (config.stripe) {
    return {
      ...config.stripe,
      sandbox: false,
      webhookUrl: `${config.publicUrl}${WEBHOOK_PATH}`,
      browser: { provider: 'stripe', publishable_key: config.stripe.publishableKey, sandbox: false },
    }
  }
  const own = keys ?? freshSandboxKeys()
  const host = listening.host === '0.0.0.0' || listening.host === '::' ? '127.0.0.1' : listening.host
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
