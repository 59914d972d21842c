import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { pathWithoutLocale } from '../../contract/locale-paths'

/** What the browser may reach besides the shop's own origin; derived from the configuration. */
export interface BrowserSources {
  /** the shop's address as shoppers reach it (PUBLIC_URL) */
  publicUrl: string
  /** the search hosts the PWA is told to use (`GET /config`), as origins; empty for the embedded engine on the shop's origin */
  search: readonly string[]
  /** real-time (Pusher protocol) hosts, as origins with their ws/wss scheme */
  realtime: readonly string[]
  /** a hosted payment provider's script, frames, API and pictures (server/integrations/payments.ts); none for the embedded sandbox */
  payments?: PaymentSources
}

/** What a hosted payment provider's card fields need on the page; allowed on the payment page too. */
export interface PaymentSources {
  script: readonly string[]
  frame: readonly string[]
  connect: readonly string[]
  img: readonly string[]
  /** origins that may use the Payment Request API (wallets), besides the shop */
  paymentRequest: readonly string[]
}

/** `/payment`, `/en/payment`, `/ja/payment`: where card details are entered. */
const PAYMENT_PAGE = /^\/payment\/?$/

type Directives = Record<string, string[]>

const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => (values.length ? `${name} ${values.join(' ')}` : name))
    .join('; ')

/**
 * The shop's Content-Security-Policy. Scripts come only from the shop itself (and Stripe.js when
 * real Stripe is configured); connections only to the shop, its search and real-time hosts and
 * Stripe; nothing may frame the shop. Styles allow 'unsafe-inline' because the toast library and
 * Stripe's Elements insert style elements; scripts never do.
 */
export function contentSecurityPolicy(sources: BrowserSources, page: 'shop' | 'payment', scriptHashes: readonly string[] = []): string {
  const self = ["'self'"]
  const own = new URL(sources.publicUrl).origin
  const payments = sources.payments
  // PCI DSS SAQ-A: the page that hosts the card fields talks to the shop and the payment provider, nothing else
  const connect = page === 'payment' ? [...self, own] : [...self, own, ...sources.search, ...sources.realtime]
  const directives: Directives = {
    'default-src': self,
    // a page drawn on the server starts the app and hands it its data in inline scripts: each one is
    // allowed by its own hash, so any other inline script (one injected into the page) is refused
    'script-src': [...self, ...scriptHashes, ...(payments?.script ?? [])],
    'style-src': [...self, "'unsafe-inline'"],
    // member avatars come from the social sign-in provider's picture host
    'img-src': page === 'payment' ? [...self, 'data:', 'blob:', ...(payments?.img ?? [])] : [...self, 'data:', 'blob:', 'https:'],
    'font-src': [...self, 'data:'],
    'connect-src': [...new Set([...connect, ...(payments?.connect ?? [])])],
    'frame-src': payments ? [...payments.frame] : ["'none'"],
    'worker-src': self,
    'manifest-src': self,
    'object-src': ["'none'"],
    'base-uri': self,
    'form-action': self,
    'frame-ancestors': ["'none'"],
  }
  if (new URL(sources.publicUrl).protocol === 'https:') directives['upgrade-insecure-requests'] = []
  return serialize(directives)
}

/**
 * The page renderer (server/ssr/pages.ts) lists the hashes of its page's inline scripts in this
 * header (`'sha256-…'` sources, space-separated); they are turned into the policy and the header
 * never leaves the server. Hashes rather than a nonce: a nonce differs in every answer, so a page
 * carrying one could be stored by no cache (decision 66).
 */
export const SCRIPT_HASHES_HEADER = 'x-csp-script-hashes'

const HASH_SOURCE = /^'sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}'$/

/**
 * Headers on every answer: the API's, the emulators', the PWA's files and its error pages.
 * HSTS only when the shop is reached over https (PUBLIC_URL), since a browser would otherwise
 * refuse the plain-http address it was given.
 */
export function securityHeaders(sources: BrowserSources): MiddlewareHandler {
  const https = new URL(sources.publicUrl).protocol === 'https:'
  const shopPolicy = contentSecurityPolicy(sources, 'shop')
  const paymentPolicy = contentSecurityPolicy(sources, 'payment')
  const common = secureHeaders({
    strictTransportSecurity: https ? 'max-age=63072000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    // Stripe's 3-D Secure may open a window; the shop's pictures may be shown by other sites' previews
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    crossOriginResourcePolicy: false,
    xXssProtection: '0',
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      usb: [],
      serial: [],
      bluetooth: [],
      hid: [],
      midi: [],
      magnetometer: [],
      gyroscope: [],
      accelerometer: [],
      browsingTopics: [],
      // the Payment Request API is used by Stripe's wallets only
      payment: ['self', ...(sources.payments?.paymentRequest ?? [])],
    },
  })
  return async (c, next) => {
    await common(c, async () => {
      await next()
    })
    const hashes = c.res.headers.get(SCRIPT_HASHES_HEADER)
    if (hashes !== null) {
      c.res.headers.delete(SCRIPT_HASHES_HEADER)
      const listed = hashes.split(' ').filter((source) => HASH_SOURCE.test(source))
      c.header('content-security-policy', contentSecurityPolicy(sources, 'shop', listed))
      return
    }
    c.header('content-security-policy', PAYMENT_PAGE.test(pathWithoutLocale(c.req.path)) ? paymentPolicy : shopPolicy)
  }
}
