import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import './lib/harden'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { createLogger } from './lib/logger'

async function main() {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(78)
    }
    throw error
  }
  // the libraries the server loads (React, for the pages it renders) pick their build from this
  process.env.NODE_ENV ??= config.env
  const logger = createLogger(config.logLevel)
  const started = performance.now()
  // The embedded database opens in its own thread (PGlite's WebAssembly: the longest part of a
  // start) while this one loads the rest of the shop's code (decision 68).
  const [database, { buildApp }, { seedIfEmpty }, { serveShop }, { seedCouponsIfEmpty }, { embeddedAdminKey }, { sandboxKeys }, { embeddedPusherApp }, { vapidKeys }, { keptSecrets }, logisticsModule] =
    await Promise.all([
      openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
      import('./app'),
      import('./flows/catalogue-import/seed'),
      import('./lib/http-server'),
      import('./modules/coupon/seed'),
      import('./integrations/search'),
      import('./integrations/payments'),
      import('./integrations/realtime'),
      import('./integrations/push'),
      import('./lib/kept-secrets'),
      import('./integrations/logistics'),
      // the page renderer's code, which server/ssr/pages.ts imports once the app is built, loads in the meantime too
      import(pathToFileURL(path.join(config.ssrDir, 'entry-server.js')).href).catch(() => undefined),
    ])
  // the embedded database's thread died three times within a minute: a process supervisor starts the shop afresh (decision 50)
  database.onFatal((error) => {
    logger.error('the database gave up; exiting so that the shop is started again', { error: error.message })
    process.exit(70)
  })
  if (config.seedCatalogue) {
    // servers started at once on an empty database: one seeds, the others then find it seeded
    await database.exclusive(async () => {
      await seedIfEmpty(database.db, logger)
      await seedCouponsIfEmpty(database.db, logger)
    })
  }
  const searchAdminKey = config.algolia ? undefined : await embeddedAdminKey(config.dataDir)
  const stripeSandboxKeys = config.stripe ? undefined : await sandboxKeys(config.dataDir)
  const logisticsSandboxKeys = config.ecpay ? undefined : await logisticsModule.logisticsSandboxKeys(config.dataDir)
  const realtimeApp = config.pusher ? undefined : await embeddedPusherApp(config.dataDir)
  const vapid = await vapidKeys(config)
  const operatorKey = config.operatorKey ?? (await keptSecrets(config.dataDir, 'operator-key.json', () => ({ key: randomBytes(24).toString('base64url') }))).key
  const { app, readiness, background, workers, shutdown, realtime } = buildApp({ config, database, logger, searchAdminKey, stripeSandboxKeys, logisticsSandboxKeys, realtimeApp, vapid, operatorKey })
  // health answers 503 `starting`, and the embedded engine holds queries, until the index is built
  readiness.waitFor('search', workers.indexer.ready)
  const server = serveShop(app.fetch, { hostname: config.host, port: config.port }, config.http, (info) => {
    logger.info(`shop listening on http://${info.address}:${info.port}`, {
      database: database.kind,
      dataDir: config.dataDir,
      startMs: Math.round(performance.now() - started),
    })
    void background.start()
  })
  // WebSocket upgrades: the embedded Pusher server's /app/{key}; anything else is refused
  server.on('upgrade', (request, socket, head) => {
    if (stopping || !realtime.server?.handleUpgrade(request, socket, head)) socket.destroy()
  })

  let stopping = false
  // SIGTERM: every answer from now on closes its connection; the background work stops first (the
  // indexer, the sandbox's webhook deliveries and the notification dispatcher reach this server
  // over HTTP), then the listener closes (a load balancer's health check fails, browsers connect
  // to the next server or this one's successor) and, once the running requests have finished, the
  // database is released. No request is turned away with a 5xx (decision 31).
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info(`received ${signal}, shutting down`, { inFlight: shutdown.inFlight })
    setTimeout(() => {
      logger.error('shutdown took too long; exiting')
      process.exit(1)
    }, 20_000).unref()
    shutdown.begin()
    await Promise.all([background.stop(), realtime.server?.close()])
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    if ('closeIdleConnections' in server) server.closeIdleConnections()
    await shutdown.idle(10_000)
    setTimeout(() => ('closeAllConnections' in server ? server.closeAllConnections() : undefined), 2_000).unref()
    await closed
    await database.close()
    logger.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

void main()
