import path from 'node:path'
import * as v from 'valibot'
import { PICKUP_NAME } from '../contract/logistics'
import { SUBSCRIPTION_PLAN_IDS, type SubscriptionPlanId } from '../contract/subscription'
import { parseTrustProxy } from './lib/client-address'

const port = v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a port number'), v.transform(Number), v.minValue(0), v.maxValue(65535))
const url = v.pipe(v.string(), v.url('must be a URL'))
const referralCoupon = v.pipe(
  v.string(),
  v.regex(/^\d{1,5},\d{1,6},\d{1,3}$/, 'must be amount,min_spend,days in whole numbers, e.g. 100,500,30'),
  v.transform((text) => text.split(',').map(Number) as [number, number, number]),
  v.check(([amount, , days]) => amount >= 1 && days >= 1, 'the amount and the days must be at least 1'),
  v.transform(([amount, minSpend, days]) => ({ amount, minSpend, days })),
)
const bool = v.pipe(v.picklist(['true', 'false', '1', '0']), v.transform((s) => s === 'true' || s === '1'))
const whole = v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'must be a whole number'), v.transform(Number))
const counted = (unit: string) => (min: number) => v.pipe(v.string(), v.regex(/^\d{1,5}$/, `must be a whole number of ${unit}`), v.transform(Number), v.minValue(min, `must be at least ${min}`))
const seconds = counted('seconds')
const minutes = counted('minutes')

/** Every environment variable the server reads. README's configuration table lists the same. */
export const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'production'),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  PORT: v.optional(port, '8080'),
  /** where PGlite keeps its database and the server keeps files; ignored for the database when DATABASE_URL is set */
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  /** any Postgres; when unset the embedded PGlite under DATA_DIR is used */
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must start with postgres://'))),
  /** the built PWA */
  PUBLIC_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './dist'),
  SSR_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './dist-server'),
  /** load the seed catalogue into an empty database at start, and the opening coupons when there are none */
  SEED_CATALOGUE: v.optional(bool, 'true'),
  /** how long a server keeps public catalogue answers in memory; 0 turns the cache off */
  // read by the picture encoder itself (server/modules/images/encoder.ts); checked here so that a bad value stops the start
  IMAGE_ENCODER_NICE: v.optional(v.pipe(v.string(), v.regex(/^(?:1?\d)$/, 'must be a CPU priority from 0 to 19'))),
  CATALOGUE_CACHE_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'must be a whole number of seconds'), v.transform(Number)), '10'),
  LOG_LEVEL: v.optional(v.picklist(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  /** the shop's address as shoppers reach it: links in mails and social sign-in callbacks; default http://HOST:PORT */
  PUBLIC_URL: v.optional(v.pipe(url, v.regex(/[^/]$/, 'must not end with /'))),
  /** further origins (comma-separated, e.g. https://admin.shop.example) allowed to call the API and the embedded emulators from a browser; the shop's own PUBLIC_URL origin always is */
  CORS_ORIGINS: v.optional(v.pipe(v.string(), v.check((s) => s.split(',').every((o) => /^https?:\/\/[^/\s]+$/.test(o.trim())), 'must be comma-separated origins like https://shop.example'))),
  /** who may tell the client's address in X-Forwarded-For: `false`, `true` (one proxy), the number of proxies in front, or the proxies' addresses and CIDR ranges (see lib/client-address) */
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const trust = parseTrustProxy(dataset.value.trim())
        if (typeof trust !== 'string') return trust
        addIssue({ message: trust })
        return NEVER
      }),
    ),
    'false',
  ),
  /** how long a connection may take to send a request's headers (Node's headersTimeout), and the whole request (requestTimeout) */
  HTTP_HEADERS_TIMEOUT_SECONDS: v.optional(seconds(1), '10'),
  HTTP_REQUEST_TIMEOUT_SECONDS: v.optional(seconds(1), '60'),
  /** how long an idle connection is kept open for the client's next request (Node's keepAliveTimeout): longer than a load balancer's idle timeout (60 s on the common ones), so the balancer closes first */
  HTTP_KEEP_ALIVE_SECONDS: v.optional(seconds(1), '65'),
  /** TCP connections one socket address may hold at once, WebSockets included; 0 = no cap; unset: 256 (listed proxies are not counted), or 0 with TRUST_PROXY as a number of proxies (every connection may then come from one) */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: v.optional(whole),
  /** the embedded Pusher server: connections at once, per client address (X-Forwarded-For with TRUST_PROXY; 0 = no cap), and how long one may stay without a subscription (0 = for ever) */
  REALTIME_MAX_CONNECTIONS: v.optional(v.pipe(whole, v.minValue(1, 'must be at least 1')), '10000'),
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: v.optional(whole, '100'),
  REALTIME_SUBSCRIBE_SECONDS: v.optional(seconds(0), '30'),
  AUTH_TOKEN_DAYS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'must be a whole number of days'), v.transform(Number), v.minValue(1, 'must be at least 1')), '30'),
  /** how long three failed sign-ins in a row lock one client address's tries at one account, or one trusted device (an account's slowdown holds tries back a minute at most) */
  LOCK_MINUTES: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'must be a whole number of minutes'), v.transform(Number), v.minValue(1, 'must be at least 1')), '15'),
  /** requests per minute one client address may make to sign-in, register and forgot-password, each */
  AUTH_RATE_LIMIT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a whole number'), v.transform(Number), v.minValue(1, 'must be at least 1')), '20'),
  /** smtp://user:pass@host:587 or smtps://...; unset: mails are written to DATA_DIR/outbox as .eml files */
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.minLength(3)), '日本伴手禮小舖 <no-reply@souvenir-shop.example>'),
  GOOGLE_CLIENT_ID: v.optional(v.string()),
  GOOGLE_CLIENT_SECRET: v.optional(v.string()),
  /** the OpenID provider; change only to test against a local provider */
  GOOGLE_ISSUER: v.optional(url, 'https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: v.optional(v.string()),
  FACEBOOK_CLIENT_SECRET: v.optional(v.string()),
  FACEBOOK_AUTHORIZE_URL: v.optional(url, 'https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: v.optional(url, 'https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_PROFILE_URL: v.optional(url, 'https://graph.facebook.com/v19.0/me'),
  /** LINE Login (v2.1, OpenID Connect) channel: both set, "Sign in with LINE" is offered */
  LINE_CHANNEL_ID: v.optional(v.pipe(v.string(), v.regex(/^\d{1,20}$/, 'must be the channel id (digits)'))),
  LINE_CHANNEL_SECRET: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/i, 'must be the channel secret (32 hex characters)'))),
  /** offer to add the shop's LINE official account at sign-in: normal (a choice on the consent screen) or aggressive (a screen of its own) */
  LINE_BOT_PROMPT: v.optional(v.picklist(['normal', 'aggressive'], 'must be normal or aggressive')),
  /** LINE's hosts: the defaults are LINE's own; tests point them at a local provider */
  LINE_AUTHORIZE_URL: v.optional(url, 'https://access.line.me/oauth2/v2.1/authorize'),
  LINE_API_URL: v.optional(url, 'https://api.line.me'),
  LINE_ISSUER: v.optional(url, 'https://access.line.me'),
  /** hosted Algolia; all three unset: the embedded Algolia-compatible engine under /search */
  ALGOLIA_APP_ID: v.optional(v.pipe(v.string(), v.minLength(1))),
  ALGOLIA_SEARCH_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  ALGOLIA_ADMIN_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  ALGOLIA_INDEX: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,60}$/, 'must be an index name')), 'products'),
  /** the delivery fee of an order whose goods (after discounts) are below FREE_SHIPPING_THRESHOLD, whole TWD */
  LOGISTICS_FEE: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be whole TWD'), v.transform(Number)), '100'),
  /** the fee for pick-up at a convenience store (ECPay's B2C pick-up), whole TWD, waived like home delivery's from FREE_SHIPPING_THRESHOLD */
  LOGISTICS_FEE_CVS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be whole TWD'), v.transform(Number)), '60'),
  /** goods (after discounts) of at least this ship free, whole TWD; 0 = always free */
  FREE_SHIPPING_THRESHOLD: v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'must be whole TWD'), v.transform(Number)), '1500'),
  /** the Ministry of Finance e-invoice API's app id and key; both unset: mobile barcodes are checked for their format only */
  EINVOICE_APP_ID: v.optional(v.pipe(v.string(), v.minLength(1))),
  EINVOICE_API_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  /** the Ministry's carrier-check endpoint (action bcv); change only to test against a local stand-in */
  EINVOICE_CARRIER_CHECK_URL: v.optional(url, 'https://www-vc.einvoice.nat.gov.tw/BIZAPIVAN/biz'),
  /** how long to wait for the Ministry before answering that the check is unavailable */
  EINVOICE_TIMEOUT_MS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be whole milliseconds'), v.transform(Number), v.minValue(100, 'must be at least 100')), '4000'),
  /** Stripe's secret key (sk_...); all three STRIPE_* set: real Stripe; all unset: the embedded Stripe-compatible sandbox under /v1 */
  STRIPE_SECRET_KEY: v.optional(v.pipe(v.string(), v.regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_...)'))),
  /** Stripe's publishable key (pk_...), given to the browser for the Payment Element */
  STRIPE_PUBLISHABLE_KEY: v.optional(v.pipe(v.string(), v.regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_...)'))),
  /** the signing secret (whsec_...) of the webhook endpoint PUBLIC_URL/api/v1/payment/webhook/stripe */
  STRIPE_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_...)'))),
  /**
   * the shop's Stripe-compatible sandbox run on its own (`npm run stripe-sandbox`) for several shop servers, with its STRIPE_* keys:
   * the servers reach it here; browsers reach its /v1 and /sandbox-checkout on the shop's own origin, which the load balancer routes to it
   */
  STRIPE_SANDBOX_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'), v.regex(/^http:\/\/[^/?#]+\/?$/, 'must be an http:// origin (a host of this network)'))),
  /** ECPay's logistics merchant (convenience-store pick-up): ECPAY_MERCHANT_ID, ECPAY_HASH_KEY and ECPAY_HASH_IV set together; all unset: the embedded ECPay-compatible sandbox under /ecpay-sandbox */
  ECPAY_MERCHANT_ID: v.optional(v.pipe(v.string(), v.regex(/^\d{7,10}$/, 'must be a merchant id of 7 to 10 digits'))),
  ECPAY_HASH_KEY: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{16}$/, 'must be the 16-character HashKey'))),
  ECPAY_HASH_IV: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{16}$/, 'must be the 16-character HashIV'))),
  /** ECPay's logistics host: production by default, https://logistics-stage.ecpay.com.tw for ECPay's staging */
  ECPAY_LOGISTICS_URL: v.optional(url, 'https://logistics.ecpay.com.tw'),
  /** the sender on every shipment, as ECPay takes a name: 2 to 5 Chinese characters or 4 to 10 letters */
  ECPAY_SENDER_NAME: v.optional(v.pipe(v.string(), v.regex(PICKUP_NAME, 'must be 2 to 5 Chinese characters or 4 to 10 letters')), '日本伴手禮'),
  /** a hosted Pusher Channels app (or Soketi, Laravel Reverb): PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET set together, with PUSHER_CLUSTER or PUSHER_HOST; all unset: the embedded Pusher protocol server on this port */
  PUSHER_APP_ID: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, 'must be an app id'))),
  PUSHER_KEY: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,128}$/, 'must be an app key'))),
  PUSHER_SECRET: v.optional(v.pipe(v.string(), v.minLength(8, 'must be at least 8 characters'))),
  /** Pusher's cluster, e.g. ap3 (Tokyo); ignored when PUSHER_HOST is set */
  PUSHER_CLUSTER: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,20}$/, 'must be a cluster name like ap3'))),
  /** a self-hosted Pusher-protocol server (Soketi, Reverb) instead of a cluster */
  PUSHER_HOST: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]{1,253}$/, 'must be a host name'))),
  PUSHER_PORT: v.optional(port),
  PUSHER_TLS: v.optional(bool, 'true'),
  /** web push (VAPID): the three set together; unset: a key pair generated once into DATA_DIR/vapid-keys.json, subject mailto:SHOP_EMAIL */
  VAPID_PUBLIC_KEY: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key, base64url (87 characters)'))),
  VAPID_PRIVATE_KEY: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, base64url (43 characters)'))),
  VAPID_SUBJECT: v.optional(v.pipe(v.string(), v.regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: or https: URL'))),
  /** push services the shop sends to (host names, `*.` for any subdomain, `host:port` for another port); a subscription elsewhere is refused */
  PUSH_SERVICE_HOSTS: v.optional(
    v.pipe(v.string(), v.regex(/^(\*\.)?[\w.-]+(:\d{1,5})?(,(\*\.)?[\w.-]+(:\d{1,5})?)*$/, 'must be host names, comma-separated'), v.transform((s) => s.split(','))),
    'fcm.googleapis.com,updates.push.services.mozilla.com,*.push.services.mozilla.com,web.push.apple.com,*.push.apple.com,*.notify.windows.com',
  ),
  /** the operators' key for /api/v1/operator/* (npm run shop talks to a running shop with it); unset: generated once into DATA_DIR/operator-key.json */
  OPERATOR_KEY: v.optional(v.pipe(v.string(), v.regex(/^[\x21-\x7e]{24,200}$/, 'must be 24 to 200 printable characters without spaces'))),
  /** days after delivery when a member is invited (notification and e-mail) to review what they bought */
  REVIEW_INVITE_DAYS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'must be a whole number of days'), v.transform(Number)), '7'),
  /** how long an order waits for its payment before it is cancelled and its stock and coupon released */
  /** how often a pick-up parcel on its way is looked up with ECPay's query API, in case its status reports stall */
  LOGISTICS_RECONCILE_MINUTES: v.optional(minutes(1), '5'),
  ORDER_PAYMENT_MINUTES: v.optional(minutes(1), '15'),
  /** orders one member may hold unpaid (awaiting payment) at once; another checkout is refused with 409 UNPAID_ORDER_LIMIT */
  MAX_UNPAID_ORDERS: v.optional(v.pipe(whole, v.minValue(1, 'must be at least 1')), '3'),
  /** units (all lines together) a member whose e-mail is not verified may hold unpaid, in one order; 0 = none until verified */
  UNVERIFIED_MAX_UNITS: v.optional(whole, '3'),
  /** how long replay guards are kept (idempotency keys, handled webhook ids, expired sign-in tokens, sign-in records); Stripe retries a webhook for up to 3 days */
  RETENTION_DAYS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'must be a whole number of days'), v.transform(Number), v.minValue(4, 'must be at least 4 (Stripe retries webhooks for 3 days)')), '30'),
  SHOP_NAME: v.optional(v.pipe(v.string(), v.minLength(1)), '日本伴手禮小舖'),
  SHOP_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'service@souvenir-shop.example'),
  SHOP_FAQ_URL: v.optional(url, 'https://souvenir-shop.example/faq'),
  SHOP_PRIVACY_URL: v.optional(url, 'https://souvenir-shop.example/privacy'),
  SHOP_TERMS_URL: v.optional(url, 'https://souvenir-shop.example/terms'),
  SHOP_COMPANY_URL: v.optional(url, 'https://souvenir-shop.example/company'),
  SHOP_LINE_URL: v.optional(url, 'https://line.me/R/ti/p/@souvenir-shop'),
  /**
   * the owner's hosted payment link per snack-box plan (e.g. Stripe Payment Links), as
   * `box-12=https://…,box-6=https://…`; a plan without one is sold through a checkout session
   */
  SUBSCRIPTION_PLAN_URLS: v.optional(
    v.pipe(
      v.string(),
      v.transform((text) => text.split(',').map((pair) => pair.trim()).filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const)),
      v.check((pairs) => pairs.every(([plan]) => (SUBSCRIPTION_PLAN_IDS as readonly string[]).includes(plan)), `must name plans among ${SUBSCRIPTION_PLAN_IDS.join(', ')} as plan=URL`),
      v.check((pairs) => pairs.every(([, link]) => /^https:\/\/[^\s,]+$/.test(link) && URL.canParse(link)), 'each plan needs an https URL'),
      v.transform((pairs) => Object.fromEntries(pairs) as Partial<Record<SubscriptionPlanId, string>>),
    ),
  ),
  /** the welcome coupon of a friend who joins with a referrer code: `amount,min_spend,days` in whole TWD and days */
  REFERRAL_FRIEND_COUPON: v.optional(referralCoupon, '100,500,30'),
  /** the referrer's reward once the friend's first order is delivered: `amount,min_spend,days` */
  REFERRAL_REWARD_COUPON: v.optional(referralCoupon, '150,500,60'),
  /** unset: the header, footer and home link to the shop's own /subscribe */
  SHOP_SUBSCRIBE_URL: v.optional(url),
})

export type Config = ReturnType<typeof toConfig>

const publicUrlOf = (env: v.InferOutput<typeof EnvSchema>) => env.PUBLIC_URL ?? `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT}`

const corsOrigins = (env: v.InferOutput<typeof EnvSchema>) => [
  ...new Set([new URL(publicUrlOf(env)).origin, ...(env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean)]),
]

const toConfig = (env: v.InferOutput<typeof EnvSchema>) => ({
  env: env.NODE_ENV,
  host: env.HOST,
  port: env.PORT,
  dataDir: path.resolve(env.DATA_DIR),
  databaseUrl: env.DATABASE_URL,
  publicDir: path.resolve(env.PUBLIC_DIR),
  /** the page renderer built by `vite build --ssr`; without it pages are the shell the browser fills in */
  ssrDir: path.resolve(env.SSR_DIR),
  seedCatalogue: env.SEED_CATALOGUE,
  catalogueCacheMs: env.CATALOGUE_CACHE_SECONDS * 1000,
  logisticsReconcileMs: env.LOGISTICS_RECONCILE_MINUTES * 60_000,
  logLevel: env.LOG_LEVEL,
  publicUrl: publicUrlOf(env),
  trustProxy: env.TRUST_PROXY,
  http: {
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveMs: env.HTTP_KEEP_ALIVE_SECONDS * 1000,
    maxConnectionsPerAddress: env.HTTP_MAX_CONNECTIONS_PER_ADDRESS ?? (env.TRUST_PROXY.hops > 0 ? 0 : 256),
    /** connections from these (TRUST_PROXY's listed proxies) carry many clients and are not capped */
    uncappedProxies: env.TRUST_PROXY,
  },
  /** the embedded Pusher server's limits */
  realtime: {
    maxConnections: env.REALTIME_MAX_CONNECTIONS,
    maxConnectionsPerAddress: env.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
    subscribeGraceMs: env.REALTIME_SUBSCRIBE_SECONDS * 1000,
  },
  /** browser origins allowed by CORS: the shop's own, plus CORS_ORIGINS */
  corsOrigins: corsOrigins(env),
  auth: {
    tokenMs: env.AUTH_TOKEN_DAYS * 86_400_000,
    lockMinutes: env.LOCK_MINUTES,
    rateLimitPerMinute: env.AUTH_RATE_LIMIT,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
        : undefined,
    facebook:
      env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET
        ? {
            clientId: env.FACEBOOK_CLIENT_ID,
            clientSecret: env.FACEBOOK_CLIENT_SECRET,
            authorizeUrl: env.FACEBOOK_AUTHORIZE_URL,
            tokenUrl: env.FACEBOOK_TOKEN_URL,
            profileUrl: env.FACEBOOK_PROFILE_URL,
          }
        : undefined,
    line:
      env.LINE_CHANNEL_ID && env.LINE_CHANNEL_SECRET
        ? { channelId: env.LINE_CHANNEL_ID, channelSecret: env.LINE_CHANNEL_SECRET, botPrompt: env.LINE_BOT_PROMPT, authorizeUrl: env.LINE_AUTHORIZE_URL, apiUrl: env.LINE_API_URL.replace(/\/$/, ''), issuer: env.LINE_ISSUER }
        : undefined,
  },
  mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
  algolia: env.ALGOLIA_APP_ID ? { appId: env.ALGOLIA_APP_ID, searchKey: env.ALGOLIA_SEARCH_KEY!, adminKey: env.ALGOLIA_ADMIN_KEY! } : undefined,
  searchIndex: env.ALGOLIA_INDEX,
  stripe: env.STRIPE_SECRET_KEY
    ? { secretKey: env.STRIPE_SECRET_KEY, publishableKey: env.STRIPE_PUBLISHABLE_KEY!, webhookSecret: env.STRIPE_WEBHOOK_SECRET!, sandboxUrl: env.STRIPE_SANDBOX_URL }
    : undefined,
  /** undefined: the embedded ECPay-compatible logistics sandbox */
  ecpay: env.ECPAY_MERCHANT_ID ? { merchantId: env.ECPAY_MERCHANT_ID, hashKey: env.ECPAY_HASH_KEY!, hashIv: env.ECPAY_HASH_IV!, logisticsUrl: env.ECPAY_LOGISTICS_URL } : undefined,
  ecpaySenderName: env.ECPAY_SENDER_NAME,
  /** undefined: the embedded Pusher protocol server */
  pusher: env.PUSHER_APP_ID
    ? {
        appId: env.PUSHER_APP_ID,
        key: env.PUSHER_KEY!,
        secret: env.PUSHER_SECRET!,
        cluster: env.PUSHER_HOST ? undefined : env.PUSHER_CLUSTER,
        host: env.PUSHER_HOST,
        port: env.PUSHER_PORT,
        tls: env.PUSHER_TLS,
      }
    : undefined,
  push: {
    vapid: env.VAPID_PUBLIC_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY!, subject: env.VAPID_SUBJECT! } : undefined,
    serviceHosts: env.PUSH_SERVICE_HOSTS,
  },
  operatorKey: env.OPERATOR_KEY,
  reviews: { inviteMs: env.REVIEW_INVITE_DAYS * 86_400_000 },
  retention: { days: env.RETENTION_DAYS },
  orders: { paymentMs: env.ORDER_PAYMENT_MINUTES * 60_000, maxUnpaid: env.MAX_UNPAID_ORDERS, unverifiedMaxUnits: env.UNVERIFIED_MAX_UNITS },
  checkout: { logisticsFees: { home: env.LOGISTICS_FEE, cvs: env.LOGISTICS_FEE_CVS }, freeShippingThreshold: env.FREE_SHIPPING_THRESHOLD },
  einvoice: {
    /** undefined: the carrier check is format-only */
    credentials: env.EINVOICE_APP_ID && env.EINVOICE_API_KEY ? { appId: env.EINVOICE_APP_ID, apiKey: env.EINVOICE_API_KEY } : undefined,
    carrierCheckUrl: env.EINVOICE_CARRIER_CHECK_URL,
    timeoutMs: env.EINVOICE_TIMEOUT_MS,
  },
  shop: {
    name: env.SHOP_NAME,
    email: env.SHOP_EMAIL,
    faq_url: env.SHOP_FAQ_URL,
    privacy_url: env.SHOP_PRIVACY_URL,
    terms_url: env.SHOP_TERMS_URL,
    company_url: env.SHOP_COMPANY_URL,
    line_url: env.SHOP_LINE_URL,
    subscribe_url: env.SHOP_SUBSCRIBE_URL ?? null,
  },
  subscription: { planUrls: env.SUBSCRIPTION_PLAN_URLS ?? {} },
  referral: { friend: env.REFERRAL_FRIEND_COUPON, reward: env.REFERRAL_REWARD_COUPON },
})

export class ConfigError extends Error {}

/** Reads the environment once; a bad value stops start-up with every problem named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(EnvSchema.entries)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  )
  const result = v.safeParse(EnvSchema, known)
  if (result.success && result.output.ALGOLIA_APP_ID && (!result.output.ALGOLIA_SEARCH_KEY || !result.output.ALGOLIA_ADMIN_KEY)) {
    throw new ConfigError('Invalid configuration:\n  ALGOLIA_APP_ID is set: ALGOLIA_SEARCH_KEY and ALGOLIA_ADMIN_KEY are needed too')
  }
  if (result.success && result.output.HTTP_HEADERS_TIMEOUT_SECONDS > result.output.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError('Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_SECONDS must not be longer than HTTP_REQUEST_TIMEOUT_SECONDS')
  }
  if (result.success && Boolean(result.output.LINE_CHANNEL_ID) !== Boolean(result.output.LINE_CHANNEL_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  LINE_CHANNEL_ID and LINE_CHANNEL_SECRET are set together or not at all')
  }
  if (result.success && Boolean(result.output.EINVOICE_APP_ID) !== Boolean(result.output.EINVOICE_API_KEY)) {
    throw new ConfigError('Invalid configuration:\n  EINVOICE_APP_ID and EINVOICE_API_KEY are set together or not at all')
  }
  if (result.success) {
    const stripeSet = [result.output.STRIPE_SECRET_KEY, result.output.STRIPE_PUBLISHABLE_KEY, result.output.STRIPE_WEBHOOK_SECRET].filter(Boolean).length
    if (stripeSet !== 0 && stripeSet !== 3) {
      throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are set together (Stripe) or not at all (the embedded sandbox)')
    }
    if (result.output.STRIPE_SANDBOX_URL && stripeSet !== 3) {
      throw new ConfigError('Invalid configuration:\n  STRIPE_SANDBOX_URL needs the sandbox\'s STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET')
    }
  }
  if (result.success) {
    const ecpaySet = [result.output.ECPAY_MERCHANT_ID, result.output.ECPAY_HASH_KEY, result.output.ECPAY_HASH_IV].filter(Boolean).length
    if (ecpaySet !== 0 && ecpaySet !== 3) {
      throw new ConfigError('Invalid configuration:\n  ECPAY_MERCHANT_ID, ECPAY_HASH_KEY and ECPAY_HASH_IV are set together (ECPay) or not at all (the embedded sandbox)')
    }
  }
  if (result.success) {
    const o = result.output
    const pusherSet = [o.PUSHER_APP_ID, o.PUSHER_KEY, o.PUSHER_SECRET].filter(Boolean).length
    if (pusherSet !== 0 && pusherSet !== 3) {
      throw new ConfigError('Invalid configuration:\n  PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET are set together (a hosted service) or not at all (the embedded server)')
    }
    if (pusherSet === 3 && !o.PUSHER_CLUSTER && !o.PUSHER_HOST) {
      throw new ConfigError('Invalid configuration:\n  PUSHER_APP_ID is set: PUSHER_CLUSTER (hosted Pusher) or PUSHER_HOST (a self-hosted server) is needed too')
    }
    const vapidSet = [o.VAPID_PUBLIC_KEY, o.VAPID_PRIVATE_KEY, o.VAPID_SUBJECT].filter(Boolean).length
    if (vapidSet !== 0 && vapidSet !== 3) {
      throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are set together or not at all (a key pair generated into DATA_DIR)')
    }
    if (pusherSet === 0 && (o.PUSHER_CLUSTER || o.PUSHER_HOST || o.PUSHER_PORT)) {
      throw new ConfigError('Invalid configuration:\n  PUSHER_CLUSTER, PUSHER_HOST and PUSHER_PORT need PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET')
    }
  }
  if (!result.success) {
    const lines = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '?'}=${JSON.stringify(issue.input)}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return toConfig(result.output)
}
