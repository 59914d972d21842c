import { readFile } from 'node:fs/promises'
import { count } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products } from '../../db/schema'
import { SEED_CATALOGUE, SEED_READINGS } from '../../db/seed'
import type { Logger } from '../../lib/logger'
import { storeReadings } from '../../modules/search/stored-readings'
import { importCatalogue, parseCatalogueFile } from './import'

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
