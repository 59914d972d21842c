import { readFile } from 'node:fs/promises'
import { count } from 'drizzle-orm'
import type { Logger } from '../lib/logger'
import { importCatalogue, parseCatalogueFile } from '../modules/catalogue-import/service'
import { storeReadings } from '../modules/search/stored-readings'
import type { Db } from './client'
import { products } from './schema'

export const SEED_CATALOGUE = new URL('./seed/catalogue.json', import.meta.url)
/** the kana readings of the seed catalogue's Japanese names, written with it by `npm run catalogue:seed` */
export const SEED_READINGS = new URL('./seed/readings.json', import.meta.url)

/** Loads the seed catalogue into a shop that has no products yet; a second start reuses the data. */
export async function seedIfEmpty(db: Db, logger: Logger) {
  const [row] = await db.select({ n: count() }).from(products)
  if ((row?.n ?? 0) > 0) return false
  const file = parseCatalogueFile(JSON.parse(await readFile(SEED_CATALOGUE, 'utf8')))
  // known ahead, so that the import below finds every reading and loads no dictionary
  await storeReadings(db, JSON.parse(await readFile(SEED_READINGS, 'utf8')) as Record<string, string>)
  const summary = await importCatalogue(db, file)
  logger.info('seeded the catalogue', { ...summary })
  return true
}
