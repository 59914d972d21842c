import { Hono } from 'hono'
import { dataSchema } from '../../../contract/page'
import { HealthSchema, PublicConfigSchema, type PublicConfig } from '../../../contract/shop'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { sql } from 'drizzle-orm'
import { revalidated } from '../../lib/http-caching'
import { documented } from '../../lib/route'

export function shopRoutes(config: Config, database: Database, socialProviders: string[], services: Pick<PublicConfig, 'search' | 'payment' | 'realtime' | 'push'>) {
  const tags = ['Shop']
  const publicConfig: PublicConfig = {
    shop: config.shop,
    auth: { providers: socialProviders as PublicConfig['auth']['providers'], lock_minutes: config.auth.lockMinutes },
    checkout: { logistics_fee: config.checkout.logisticsFee, free_shipping_threshold: config.checkout.freeShippingThreshold, carrier_check: config.einvoice.credentials !== undefined },
    ...services,
  }
  return new Hono()
    .get('/config', documented({ summary: 'Public settings for the PWA', tags, response: dataSchema(PublicConfigSchema) }), revalidated(), (c) =>
      c.json({ data: publicConfig }),
    )
    .get('/health', documented({ summary: 'Liveness and database check', tags, response: HealthSchema }), async (c) => {
      await database.db.execute(sql`select 1`)
      return c.json({ status: 'ok' as const, database: database.kind })
    })
}
