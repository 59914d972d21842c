import { Hono } from 'hono'
import { dataSchema } from '../../../contract/page'
import { HealthSchema, PublicConfigSchema, type PublicConfig } from '../../../contract/shop'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { sql } from 'drizzle-orm'
import { revalidated } from '../../lib/http-caching'
import type { Readiness } from '../../lib/readiness'
import { documented } from '../../lib/route'

export function shopRoutes(config: Config, database: Database, readiness: Readiness, socialProviders: string[], services: Pick<PublicConfig, 'search' | 'payment' | 'realtime' | 'push'>) {
  const tags = ['Shop']
  const publicConfig: PublicConfig = {
    shop: config.shop,
    auth: { providers: socialProviders as PublicConfig['auth']['providers'], lock_minutes: config.auth.lockMinutes },
    checkout: { logistics_fee: config.checkout.logisticsFees.home, logistics_fee_cvs: config.checkout.logisticsFees.cvs, free_shipping_threshold: config.checkout.freeShippingThreshold, carrier_check: config.einvoice.credentials !== undefined },
    ...services,
  }
  return new Hono()
    .get('/config', documented({ summary: 'Public settings for the PWA', tags, response: dataSchema(PublicConfigSchema) }), revalidated(), (c) =>
      c.json({ data: publicConfig }),
    )
    .get(
      '/health',
      // 503 `starting` until the search index is built at start (a load balancer waits), and 503
      // `unavailable` while the embedded database's thread restarts or after it gave up (decision 50)
      documented({ summary: 'Readiness and database check (503 "starting" until ready for traffic, "unavailable" while the database restarts)', tags, response: HealthSchema }),
      async (c) => {
        const { state, restarts } = database.health()
        if (state !== 'ok') return c.json({ status: 'unavailable' as const, database: database.kind, database_state: state, restarts }, 503)
        await database.db.execute(sql`select 1`)
        if (!readiness.ready) return c.json({ status: 'starting' as const, database: database.kind, waiting_for: readiness.waitingFor }, 503)
        return c.json({ status: 'ok' as const, database: database.kind, ...(restarts ? { restarts } : {}) })
      },
    )
}
