import { Hono } from 'hono'
import { openAPIRouteHandler } from 'hono-openapi'
import type { Config } from './config'
import type { Database } from './db/client'
import { handleError, notFound } from './lib/errors'
import type { Logger } from './lib/logger'
import { requestContext } from './lib/request-context'
import { catalogRoutes } from './modules/catalog/routes'
import { shopRoutes } from './modules/shop/routes'
import { staticSite } from './static'

export const API_BASE = '/api/v1'

export interface AppDeps {
  config: Config
  database: Database
  logger: Logger
}

/** The whole HTTP surface: the JSON API under /api/v1 and the built PWA around it. */
export function buildApp({ config, database, logger }: AppDeps) {
  const api = new Hono()
    .use(requestContext())
    .route('/', shopRoutes(config, database))
    .route('/', catalogRoutes(database.db, config.catalogueCacheMs))

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
      },
    }),
  )
  api.all('*', () => {
    throw notFound()
  })

  const app = new Hono()
  app.onError(handleError(logger))
  app.route(API_BASE, api)
  app.route('/', staticSite(config.publicDir))
  return app
}
