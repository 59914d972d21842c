import { readFile } from 'node:fs/promises'
import { count } from 'drizzle-orm'
import type { Logger } from '../lib/logger'
import { importCatalogue, parseCatalogueFile } from '../modules/catalogue-import/service'
import type { Db } from './client'
import { products } from './schema'

export const SEED_CATALOGUE = new URL('./seed/catalogue.json', import.meta.url)

/** Loads the seed catalogue into a shop that has no products yet; a second start reuses the data. */
export async function seedIfEmpty(db: Db, logger: Logger) {
  const [row] = await db.select({ n: count() }).from(products)
  if ((row?.n ?? 0) > 0) return false
  const file = parseCatalogueFile(JSON.parse(await readFile(SEED_CATALOGUE, 'utf8')))
  const summary = await importCatalogue(db, file)
  logger.info('seeded the catalogue', { ...summary })
  return true
}
