import path from 'node:path'
import { Hono } from 'hono'
import webPush from 'web-push'
import { openAPIRouteHandler } from 'hono-openapi'
import type { Config } from './config'
import type { Database } from './db/client'
import { handleError, notFound } from './lib/errors'
import type { Logger } from './lib/logger'
import { requestContext } from './lib/request-context'
import { bodyLimits, WEBHOOK_BODY_LIMIT } from './lib/body-limit'
import { inputGuard } from './lib/input-guard'
import { ALGOLIA_ORIGINS, securityHeaders } from './lib/security-headers'
import { apiCors } from './lib/cors'
import { compression } from './lib/compression'
import { privateByDefault } from './lib/http-caching'
import { drain } from './lib/drain'
import { Readiness } from './lib/readiness'
import { systemClock, type Clock } from './lib/clock'
import { createMailer, type Mailer } from './lib/mailer'
import { accountRoutes } from './modules/account/routes'
import { authRoutes } from './modules/auth/routes'
import { socialProviders } from './modules/auth/social-providers'
import { cartRoutes } from './modules/cart/routes'
import { checkoutRoutes } from './modules/checkout/routes'
import { couponRoutes } from './modules/coupon/routes'
import { referralRoutes } from './modules/referral/routes'
import { carrierChecker } from './modules/invoice/carrier-check'
import { invoiceRoutes } from './modules/invoice/routes'
import { recipientRoutes } from './modules/recipient/routes'
import { catalogRoutes } from './modules/catalog/routes'
import { wishlistRoutes } from './modules/wishlist/routes'
import { SearchIndexer } from './modules/search/indexer'
import { searchSettings } from './modules/search/search-config'
import { SearchEngine } from './emulators/algolia/engine'
import { algoliaRoutes } from './emulators/algolia/routes'
import { pusherHttpApi } from './emulators/pusher/http-api'
import type { PusherApp } from './emulators/pusher/protocol'
import { PusherServer } from './emulators/pusher/server'
import { embeddedStripe } from './emulators/stripe/embedded'
import type { SandboxKeys } from './emulators/stripe/sandbox'
import { PaymentGateway } from './modules/payment/gateway'
import { createStripeClient, paymentSettings } from './modules/payment/stripe-client'
import { stripeWebhookRoutes } from './modules/payment/webhook-routes'
import { stripeEventHandler } from './modules/order/payments'
import { orderRoutes } from './modules/order/routes'
import { OrderSweeper } from './modules/order/sweeper'
import { Housekeeper } from './modules/housekeeping/housekeeper'
import { NotificationDispatcher } from './modules/notification/dispatcher'
import { pushConfig, type VapidKeys } from './modules/notification/push'
import { notificationRoutes } from './modules/notification/routes'
import { operatorRoutes } from './modules/operator/routes'
import { realtimeRoutes } from './modules/realtime/routes'
import { subscriptionRoutes } from './modules/subscription/routes'
import { SUBSCRIPTION_EVENTS, subscriptionEventHandler } from './modules/subscription/service'
import type { StripeEventHandler } from './modules/payment/webhook-routes'
import { reviewRoutes } from './modules/review/routes'
import { TtlCache } from './lib/ttl-cache'
import { createPublisher, realtimeSettings } from './modules/realtime/settings'
import { shopRoutes } from './modules/shop/routes'
import { seoRoutes } from './modules/seo/routes'
import { imageRoutes } from './modules/images/routes'
import { staticSite } from './static'
import { isServerPath } from '../contract/server-paths'
import { loadPageRenderer } from './ssr/pages'

export const API_BASE = '/api/v1'

export interface AppDeps {
  config: Config
  database: Database
  logger: Logger
  /** defaults to the system clock; tests pass one they can move */
  clock?: Clock
  /** defaults to SMTP_URL, else the outbox under DATA_DIR */
  mailer?: Mailer
  /** the embedded search engine's admin key; defaults to a fresh one */
  searchAdminKey?: string
  /** the embedded Stripe sandbox's keys (when STRIPE_* is unset); defaults to fresh ones */
  stripeSandboxKeys?: SandboxKeys
  /** the embedded Pusher server's key and secret (from DATA_DIR); generated when omitted */
  realtimeApp?: PusherApp
  /** web push keys (VAPID_*, or generated into DATA_DIR by main.ts); fresh ones when omitted */
  vapid?: VapidKeys
  /** the operators' key (OPERATOR_KEY, or generated into DATA_DIR by main.ts); no operator API when omitted */
  operatorKey?: string
}

/**
 * The whole HTTP surface: the JSON API under /api/v1, the embedded search engine under /search
 * (unless hosted Algolia is configured) and the built PWA around it. The search indexer is
 * returned, not started: it talks to the engine over HTTP, so it starts once the server listens.
 */
export function buildApp({ config, database, logger, clock = systemClock, mailer, searchAdminKey, stripeSandboxKeys, realtimeApp, vapid, operatorKey }: AppDeps) {
  const search = searchSettings(config, { host: config.host, port: config.port }, searchAdminKey)
  const indexer = new SearchIndexer(database.db, search, logger)
  const providers = socialProviders(config)
  const payment = paymentSettings(config, { host: config.host, port: config.port }, stripeSandboxKeys)
  const realtime = realtimeSettings(config, { host: config.host, port: config.port }, realtimeApp)
  const publisher = createPublisher(realtime)
  const realtimeServer = realtime.embedded ? new PusherServer({ app: realtime.app, ...config.realtime, trustProxy: config.trustProxy }) : undefined
  const stripeSandbox = payment.sandbox
    ? embeddedStripe({ keys: payment, stateDir: path.join(config.dataDir, 'stripe-sandbox'), webhookUrl: payment.webhookUrl, publicUrl: config.publicUrl, logger, allowedOrigins: config.corsOrigins })
    : undefined
  // graceful shutdown (decision 31): the requests running, and the mails they left being sent
  const shutdown = drain()
  const authDeps = {
    afterAnswer: shutdown.track,
    db: database.db,
    clock,
    config,
    logger,
    providers,
    mailer: mailer ?? createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: path.join(config.dataDir, 'outbox'), logger }),
  }
  // the embedded sandbox is reached through the app's own fetch handler: the same requests, no loopback socket
  const orderDeps = { ...authDeps, gateway: new PaymentGateway(createStripeClient(payment, payment.sandbox ? (request) => app.fetch(request) : undefined), logger) }
  const vapidKeys = vapid ?? { ...webPush.generateVAPIDKeys(), subject: `mailto:${config.shop.email}` }
  const dispatcher = new NotificationDispatcher({ db: database.db, clock, logger, publisher, vapid: vapidKeys, pushServiceHosts: config.push.serviceHosts, mailer: authDeps.mailer, shop: { name: config.shop.name, publicUrl: config.publicUrl } })
  // the catalogue's answers kept in memory are dropped when a review changes a product's figures
  const catalogueCache = new TtlCache<unknown>(config.catalogueCacheMs, 2000)
  const reviewDeps = { ...authDeps, onFiguresChanged: () => catalogueCache.clear() }
  const orderEvents = stripeEventHandler(orderDeps)
  const subscriptionEvents = subscriptionEventHandler(orderDeps)
  const eventHandler: StripeEventHandler = (tx, event) => (SUBSCRIPTION_EVENTS.includes(event.type) ? subscriptionEvents(tx, event) : orderEvents(tx, event))
  const sweeper = new OrderSweeper(orderDeps)
  // one checker for the payment page's check and the order's: its answers are kept for both
  const carrier = carrierChecker(config.einvoice, logger)
  const readiness = new Readiness()
  const housekeeper = new Housekeeper({ db: database.db, clock, logger, retention: config.retention })
  const api = new Hono()
    .use(requestContext())
    .use(bodyLimits(API_BASE, { '/payment/webhook/stripe': WEBHOOK_BODY_LIMIT }))
    .use(inputGuard())
    .route('/', shopRoutes(config, database, readiness, Object.keys(providers), { search: search.browser, payment: payment.browser, realtime: realtime.browser, push: pushConfig(vapidKeys) }))
    .route('/', catalogRoutes(authDeps, config.catalogueCacheMs, catalogueCache))
    .route('/', authRoutes(authDeps))
    .route('/', accountRoutes(authDeps))
    .route('/', cartRoutes(authDeps))
    .route('/', wishlistRoutes(authDeps))
    .route('/', orderRoutes({ ...orderDeps, carrier }))
    .route('/', stripeWebhookRoutes({ db: database.db, stripe: orderDeps.gateway.stripe, webhookSecret: payment.webhookSecret, logger, handle: eventHandler }))
    .route('/', recipientRoutes(authDeps))
    .route('/', couponRoutes(authDeps))
    .route('/', referralRoutes(authDeps))
    .route('/', checkoutRoutes(authDeps))
    .route('/', invoiceRoutes({ ...authDeps, carrier }))
    .route('/', realtimeRoutes(authDeps, publisher))
    .route('/', notificationRoutes({ ...authDeps, pushServiceHosts: config.push.serviceHosts }))
    .route('/', reviewRoutes(reviewDeps))
    .route('/', subscriptionRoutes(orderDeps))
    .route('/', operatorRoutes(orderDeps, reviewDeps, operatorKey))

  api.get(
    '/openapi.json',
    openAPIRouteHandler(api, {
      documentation: {
        openapi: '3.1.0',
        info: {
          title: `${config.shop.name} API`,
          version: '1',
          description:
            'JSON API of the shop. Success: `{"data": ...}`; lists: `{"data": [...], "current_page", "per_page", "total", "last_page"}`; errors: `{"error": {"code", "message", "detail"}}` with the message in the language of `X-localization`.',
        },
        servers: [{ url: API_BASE }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
    }),
  )
  api.all('*', () => {
    throw notFound()
  })

  const app = new Hono()
  app.onError(handleError(logger))
  app.use('*', securityHeaders({ publicUrl: config.publicUrl, search: search.embedded ? [] : ALGOLIA_ORIGINS, realtime: realtime.connectSources, stripe: !payment.sandbox }))
  app.use(`${API_BASE}/*`, apiCors(config.corsOrigins))
  // answers that set no Cache-Control (member answers, tokens, errors) are kept by no cache
  app.use(`${API_BASE}/*`, privateByDefault())
  // JSON answers in brotli or gzip; the embedded search engine's too, as hosted Algolia's are (the Stripe sandbox's SDK never asks)
  app.use(`${API_BASE}/*`, compression())
  if (search.embedded) app.use('/search/*', compression())
  app.use('*', shutdown.middleware)
  app.route(API_BASE, api)
  // everything else under /api (/api, /api/v2/x, /api//v1/config) is the API's 404, not the site's
  app.all('/api', () => {
    throw notFound()
  })
  app.all('/api/*', () => {
    throw notFound()
  })
  if (search.embedded) app.route('/search', algoliaRoutes(new SearchEngine(), search, { logger, allowedOrigins: config.corsOrigins, whenReady: (ms) => readiness.whenReady(ms) }))
  if (stripeSandbox) {
    app.route('/v1', stripeSandbox.routes)
    app.route('/sandbox-checkout', stripeSandbox.pages)
  }
  if (realtimeServer) app.route('/apps', pusherHttpApi(realtimeServer))
  const pages = loadPageRenderer({ publicDir: config.publicDir, ssrDir: config.ssrDir, publicUrl: config.publicUrl, fetch: (request) => app.fetch(request), logger }).catch((error: unknown) => {
    logger.error('the page renderer could not be loaded; pages are served as the shell', { error: String(error) })
    return undefined
  })
  app.route('/', seoRoutes(database.db, config.publicUrl))
  // the picture queue makes the catalogue's pictures ahead of time; it starts with the background work below
  const pictures = imageRoutes({ db: database.db, config, logger })
  app.route('/', pictures.routes)
  app.route('/', staticSite(config.publicDir, pages))
  // a path the server owns that nothing above answered is the API's 404, never a page (contract/server-paths.ts)
  app.all('*', (c, next) => {
    if (isServerPath(c.req.path)) throw notFound()
    return next()
  })
  const payments = {
    sandbox: stripeSandbox,
    sweeper,
    housekeeper,
    dispatcher,
    /** the sandbox's webhook deliveries and the order sweeper; like the indexer, started once the server listens */
    start: async () => {
      await stripeSandbox?.start()
      sweeper.start()
      housekeeper.start()
      dispatcher.start()
      void pictures.queue.start()
    },
    stop: async () => {
      await Promise.all([sweeper.stop(), housekeeper.stop(), dispatcher.stop(), pictures.queue.stop()])
      await stripeSandbox?.stop()
    },
  }
  /** the embedded Pusher server takes the WebSocket upgrades of the HTTP server (main.ts) */
  return { app, indexer, readiness, payments, shutdown, realtime: { settings: realtime, server: realtimeServer, publisher } }
}
