import path from 'node:path'
import { Hono } from 'hono'
import webPush from 'web-push'
import { openAPIRouteHandler } from 'hono-openapi'
import type { Config } from './config'
import type { Database } from './db/client'
import { handleError, notFound } from './lib/errors'
import type { Logger } from './lib/logger'
import { requestContext } from './lib/request-context'
import { bodyLimits, LOGISTICS_REPORT_BODY_LIMIT, WEBHOOK_BODY_LIMIT } from './lib/body-limit'
import { inputGuard } from './lib/input-guard'
import { securityHeaders } from './lib/security-headers'
import { apiCors } from './lib/cors'
import { compression } from './lib/compression'
import { privateByDefault } from './lib/http-caching'
import { drain } from './lib/drain'
import { Readiness } from './lib/readiness'
import { Scheduler } from './lib/scheduler'
import { systemClock, type Clock } from './lib/clock'
import { TtlCache } from './lib/ttl-cache'
import { carrierChecker } from './integrations/e-invoice'
import { createMailer, type Mailer } from './integrations/mail'
import { Billing } from './integrations/billing'
import { logisticsIntegration, type LogisticsKeys } from './integrations/logistics'
import { paymentsIntegration, sandboxRoutes, type SandboxKeys } from './integrations/payments'
import { pushConfig, type VapidKeys } from './integrations/push'
import { realtimeIntegration, type PusherApp } from './integrations/realtime'
import { searchIntegration } from './integrations/search'
import { accountRoutes } from './modules/auth/account-routes'
import { memberGuards } from './modules/auth/middleware'
import { authRoutes } from './modules/auth/routes'
import { socialProviders } from './modules/auth/social-providers'
import { cartRoutes } from './modules/cart/routes'
import { checkoutRoutes } from './flows/checkout/routes'
import { couponRoutes } from './modules/coupon/routes'
import { referralRoutes } from './modules/referral/routes'
import { invoiceRoutes } from './modules/invoice/routes'
import { recipientRoutes } from './modules/recipient/routes'
import { logisticsRoutes } from './modules/logistics/routes'
import { catalogRoutes } from './modules/catalogue/routes'
import { wishlistRoutes } from './modules/catalogue/favourite-routes'
import { SearchIndexer } from './modules/search/indexer'
import { orderRoutes } from './modules/order/routes'
import { OrderSweeper } from './modules/order/sweeper'
import { Housekeeper } from './modules/housekeeping/housekeeper'
import { NotificationDispatcher } from './modules/notification/dispatcher'
import { notificationRoutes } from './modules/notification/routes'
import { operatorRoutes } from './flows/operator/routes'
import { ParcelReconciler } from './flows/pickup/reconciler'
import { pickupRoutes } from './flows/pickup/routes'
import { realtimeRoutes } from './modules/realtime/routes'
import { subscriptionRoutes } from './modules/subscription/routes'
import { reviewRoutes } from './modules/review/routes'
import { shopRoutes } from './modules/shop/routes'
import { seoRoutes } from './modules/seo/routes'
import { imageRoutes } from './modules/images/routes'
import { memberEffects } from './flows/member-effects'
import { orderEffects } from './flows/order-effects'
import { routeStripeEvent, stripeWebhookRoutes } from './flows/stripe-events'
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
  /** the embedded ECPay logistics sandbox's keys (when ECPAY_* is unset); defaults to fresh ones */
  logisticsSandboxKeys?: LogisticsKeys
  /** the embedded Pusher server's key and secret (from DATA_DIR); generated when omitted */
  realtimeApp?: PusherApp
  /** web push keys (VAPID_*, or generated into DATA_DIR by main.ts); fresh ones when omitted */
  vapid?: VapidKeys
  /** the operators' key (OPERATOR_KEY, or generated into DATA_DIR by main.ts); no operator API when omitted */
  operatorKey?: string
}

/**
 * The whole HTTP surface: the JSON API under /api/v1, the embedded search engine under /search
 * (unless hosted Algolia is configured), the other embedded emulators and the built PWA around it.
 * The background work is returned, not started (`background.start()`): the indexer, the sandbox's
 * webhook deliveries and the dispatcher reach the server over HTTP, so they start once it listens.
 */
export function buildApp({ config, database, logger, clock = systemClock, mailer, searchAdminKey, stripeSandboxKeys, logisticsSandboxKeys, realtimeApp, vapid, operatorKey }: AppDeps) {
  const listening = { host: config.host, port: config.port }
  const readiness = new Readiness()
  // the outside services, each hosted or embedded (server/integrations/)
  const search = searchIntegration(config, { listening, adminKey: searchAdminKey, logger, whenReady: (ms) => readiness.whenReady(ms) })
  // the embedded sandbox is reached through the app's own fetch handler: the same requests, no loopback socket
  const payments = paymentsIntegration(config, { listening, sandboxKeys: stripeSandboxKeys, logger, inProcess: (request) => app.fetch(request) })
  const realtime = realtimeIntegration(config, { listening, embeddedApp: realtimeApp })
  const logistics = logisticsIntegration(config, listening, { keys: logisticsSandboxKeys, logger })
  const vapidKeys = vapid ?? { ...webPush.generateVAPIDKeys(), subject: `mailto:${config.shop.email}` }
  // one checker for the payment page's check and the order's: its answers are kept for both
  const carrier = carrierChecker(config.einvoice, logger)
  const providers = socialProviders(config)
  // graceful shutdown (decision 31): the requests running, and the mails they left being sent
  const shutdown = drain()
  const serviceDeps = {
    afterAnswer: shutdown.track,
    db: database.db,
    clock,
    config,
    logger,
    mailer: mailer ?? createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: path.join(config.dataDir, 'outbox'), logger }),
    memberEffects: memberEffects(config),
  }
  const authDeps = { ...serviceDeps, providers, members: memberGuards(serviceDeps) }
  const orderDeps = { ...authDeps, gateway: payments.gateway, billing: new Billing(payments.gateway), orderEffects: orderEffects(config) }
  // pick-up orders also reach ECPay (or its sandbox, whose reports the operator's control waits for)
  const sandbox = logistics.sandbox
  const pickupDeps = { ...orderDeps, logistics: logistics.client, sandboxIdle: sandbox ? (ms: number) => sandbox.idle(ms) : undefined }
  // the catalogue's answers kept in memory are dropped when a review changes a product's figures
  const catalogueCache = new TtlCache<unknown>(config.catalogueCacheMs, 2000)
  const reviewDeps = { ...authDeps, onFiguresChanged: () => catalogueCache.clear() }
  const pictures = imageRoutes({ db: database.db, config, logger })
  const workers = {
    indexer: new SearchIndexer(database.db, search.index, logger),
    sweeper: new OrderSweeper(orderDeps),
    parcels: new ParcelReconciler(pickupDeps),
    housekeeper: new Housekeeper({ db: database.db, clock, logger, retention: config.retention }),
    dispatcher: new NotificationDispatcher({ db: database.db, clock, logger, publisher: realtime.publisher, vapid: vapidKeys, pushServiceHosts: config.push.serviceHosts, mailer: authDeps.mailer, shop: { name: config.shop.name, publicUrl: config.publicUrl } }),
    /** makes the catalogue's pictures ahead of time */
    pictures: pictures.queue,
  }
  // the background work starts once the server listens (the indexer, the sandbox's deliveries and the dispatcher reach it over HTTP)
  const background = new Scheduler().add(workers.indexer)
  // the sandbox stops last: the others may still call it
  if (payments.sandbox) background.add(payments.sandbox, { last: true })
  if (logistics.sandbox) background.add(logistics.sandbox, { last: true })
  background.add(workers.sweeper).add(workers.parcels).add(workers.housekeeper).add(workers.dispatcher).add(workers.pictures)
  const api = new Hono()
    .use(requestContext())
    .use(bodyLimits(API_BASE, { '/payment/webhook/stripe': WEBHOOK_BODY_LIMIT, '/logistics/ecpay/status': LOGISTICS_REPORT_BODY_LIMIT }))
    .use(inputGuard())
    .route('/', shopRoutes(config, database, readiness, Object.keys(providers), { search: search.browser, payment: payments.browser, realtime: realtime.browser, push: pushConfig(vapidKeys) }))
    .route('/', catalogRoutes(authDeps, config.catalogueCacheMs, catalogueCache))
    .route('/', authRoutes(authDeps))
    .route('/', accountRoutes(authDeps))
    .route('/', cartRoutes(authDeps))
    .route('/', wishlistRoutes(authDeps))
    .route('/', orderRoutes(orderDeps))
    .route('/', stripeWebhookRoutes({ db: database.db, stripe: payments.gateway.stripe, webhookSecret: payments.settings.webhookSecret, logger, handle: routeStripeEvent(orderDeps) }))
    .route('/', recipientRoutes(authDeps))
    .route('/', logisticsRoutes({ ...authDeps, logistics: logistics.client }))
    .route('/', pickupRoutes(pickupDeps))
    .route('/', couponRoutes(authDeps))
    .route('/', referralRoutes(authDeps))
    .route('/', checkoutRoutes({ ...orderDeps, carrier }))
    .route('/', invoiceRoutes({ ...authDeps, carrier }))
    .route('/', realtimeRoutes(authDeps, realtime.publisher))
    .route('/', notificationRoutes({ ...authDeps, pushServiceHosts: config.push.serviceHosts }))
    .route('/', reviewRoutes(reviewDeps))
    .route('/', subscriptionRoutes(orderDeps))
    .route('/', operatorRoutes(pickupDeps, reviewDeps, operatorKey))

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
  app.use('*', securityHeaders({ publicUrl: config.publicUrl, search: search.connectSources, realtime: realtime.connectSources, payments: payments.browserSources }))
  app.use(`${API_BASE}/*`, apiCors(config.corsOrigins))
  // answers that set no Cache-Control (member answers, tokens, errors) are kept by no cache
  app.use(`${API_BASE}/*`, privateByDefault())
  // JSON answers in brotli or gzip; the embedded search engine's too, as hosted Algolia's are (the Stripe sandbox's SDK never asks)
  app.use(`${API_BASE}/*`, compression())
  if (search.routes) app.use('/search/*', compression())
  app.use('*', shutdown.middleware)
  app.route(API_BASE, api)
  // everything else under /api (/api, /api/v2/x, /api//v1/config) is the API's 404, not the site's
  app.all('/api', () => {
    throw notFound()
  })
  app.all('/api/*', () => {
    throw notFound()
  })
  // the embedded emulators, where no hosted service is configured
  if (search.routes) app.route('/search', search.routes)
  for (const mount of sandboxRoutes(payments)) app.route(mount.path, mount.routes)
  if (logistics.routes) app.route(logistics.routes.path, logistics.routes.routes)
  if (realtime.routes) app.route('/apps', realtime.routes)
  const pages = loadPageRenderer({ publicDir: config.publicDir, ssrDir: config.ssrDir, publicUrl: config.publicUrl, fetch: (request) => app.fetch(request), logger }).catch((error: unknown) => {
    logger.error('the page renderer could not be loaded; pages are served as the shell', { error: String(error) })
    return undefined
  })
  app.route('/', seoRoutes(database.db, config.publicUrl))
  app.route('/', pictures.routes)
  app.route('/', staticSite(config.publicDir, pages))
  // a path the server owns that nothing above answered is the API's 404, never a page (contract/server-paths.ts)
  app.all('*', (c, next) => {
    if (isServerPath(c.req.path)) throw notFound()
    return next()
  })
  /** the embedded Pusher server takes the WebSocket upgrades of the HTTP server (main.ts) */
  return { app, readiness, shutdown, background, workers, search, payments, realtime, logistics }
}
