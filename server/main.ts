import { serve } from '@hono/node-server'
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { seedIfEmpty } from './db/seed'
import { createLogger } from './lib/logger'
import { seedCouponsIfEmpty } from './modules/coupon/seed'
import { embeddedAdminKey } from './modules/search/search-config'
import { sandboxKeys } from './modules/payment/stripe-client'

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
  const logger = createLogger(config.logLevel)
  const started = performance.now()
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  if (config.seedCatalogue) {
    await seedIfEmpty(database.db, logger)
    await seedCouponsIfEmpty(database.db, logger)
  }
  const searchAdminKey = config.algolia ? undefined : await embeddedAdminKey(config.dataDir)
  const stripeSandboxKeys = config.stripe ? undefined : await sandboxKeys(config.dataDir)
  const { app, indexer, payments } = buildApp({ config, database, logger, searchAdminKey, stripeSandboxKeys })
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    logger.info(`shop listening on http://${info.address}:${info.port}`, {
      database: database.kind,
      dataDir: config.dataDir,
      startMs: Math.round(performance.now() - started),
    })
    indexer.start()
    void payments.start()
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info(`received ${signal}, shutting down`)
    // the indexer talks to this server: let it finish before the server stops answering
    void Promise.all([indexer.stop(), payments.stop()]).then(() =>
      server.close(() => {
        void database.close().then(() => process.exit(0))
      }),
    )
    setTimeout(() => process.exit(1), 10_000).unref()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

void main()
