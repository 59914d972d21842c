/**
 * The catalogue's writes from a catalogue file (server/flows/catalogue-import): categories, cities
 * and trend groups by slug, products and variants by SKU, each in chunks a statement can carry.
 * Every function runs inside the import's one transaction.
 */
import { and, inArray, notInArray, sql } from 'drizzle-orm'
import type { CatalogueFile } from '../../../contract/catalogue-file'
import type { Tx } from '../../db/client'
import { categories, cities, productCategories, products, trendGroups, variants } from '../../db/schema'

const CHUNK = 500

const chunks = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK))

const excluded = (column: string) => sql.raw(`excluded.${column}`)

/** The file's categories, cities and trend groups, added or updated by slug. */
export async function saveGroupings(tx: Tx, file: Pick<CatalogueFile, 'categories' | 'cities' | 'trend_groups'>, now: Date): Promise<void> {
  for (const rows of chunks(file.categories)) {
    await tx
      .insert(categories)
      .values(rows.map((r) => ({ ...r, updated_at: now })))
      .onConflictDoUpdate({ target: categories.slug, set: { name: excluded('name'), position: excluded('position'), updated_at: now } })
  }
  for (const rows of chunks(file.cities)) {
    await tx
      .insert(cities)
      .values(rows.map((r) => ({ ...r, updated_at: now })))
      .onConflictDoUpdate({
        target: cities.slug,
        set: { name: excluded('name'), prefecture: excluded('prefecture'), picture: excluded('picture'), is_hot: excluded('is_hot'), position: excluded('position'), updated_at: now },
      })
  }
  for (const rows of chunks(file.trend_groups)) {
    await tx
      .insert(trendGroups)
      .values(rows.map((r) => ({ ...r, updated_at: now })))
      .onConflictDoUpdate({
        target: trendGroups.slug,
        set: { name: excluded('name'), description: excluded('description'), picture: excluded('picture'), position: excluded('position'), updated_at: now },
      })
  }
}

/** Every category, city and trend group of the shop: slug → id. */
export async function slugIds(tx: Tx) {
  // one after another: a transaction holds one connection, which runs one query at a time
  const c = await tx.select({ id: categories.id, slug: categories.slug }).from(categories)
  const ci = await tx.select({ id: cities.id, slug: cities.slug }).from(cities)
  const t = await tx.select({ id: trendGroups.id, slug: trendGroups.slug }).from(trendGroups)
  const toMap = (rows: { id: number; slug: string }[]) => new Map(rows.map((r) => [r.slug, r.id]))
  return { categories: toMap(c), cities: toMap(ci), trendGroups: toMap(t) }
}

/** The ids of the products the shop already has under these SKUs. */
export async function existingProductIds(tx: Tx, skus: string[]): Promise<number[]> {
  const ids: number[] = []
  for (const chunk of chunks(skus)) ids.push(...(await tx.select({ id: products.id }).from(products).where(inArray(products.sku, chunk))).map((row) => row.id))
  return ids
}

export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'created_at'> & { sku: string; updated_at: Date }

const PRODUCT_COLUMNS = [
  'name', 'description', 'images', 'city_id', 'trend_group_id', 'status', 'stock_type', 'expiry_date', 'arrival_days',
  'length_cm', 'width_cm', 'height_cm', 'weight_g', 'rank', 'price_min', 'price_max', 'updated_at',
] as const

/** Adds or updates products by SKU; answers each one's id and whether it is new. */
export async function saveProducts(tx: Tx, values: ProductValues[]): Promise<{ id: number; sku: string; inserted: boolean }[]> {
  const saved: { id: number; sku: string; inserted: boolean }[] = []
  for (const rows of chunks(values)) {
    saved.push(
      ...(await tx
        .insert(products)
        .values(rows)
        .onConflictDoUpdate({ target: products.sku, set: Object.fromEntries(PRODUCT_COLUMNS.map((column) => [column, excluded(column)])) })
        // xmax is 0 only for a row this statement inserted: the cheap way to tell created from updated
        .returning({ id: products.id, sku: products.sku, inserted: sql<boolean>`(xmax = 0)` })),
    )
  }
  return saved
}

/** These products' categories become exactly `links`. */
export async function replaceProductCategories(tx: Tx, productIds: number[], links: (typeof productCategories.$inferInsert)[]): Promise<void> {
  for (const idChunk of chunks(productIds)) await tx.delete(productCategories).where(inArray(productCategories.product_id, idChunk))
  for (const rows of chunks(links)) await tx.insert(productCategories).values(rows)
}

/** These products' variants become exactly `rows`: added or updated by SKU, the others removed. */
export async function replaceVariants(tx: Tx, productIds: number[], rows: (typeof variants.$inferInsert & { updated_at: Date })[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    await tx
      .insert(variants)
      .values(chunk)
      .onConflictDoUpdate({
        target: variants.sku,
        set: { product_id: excluded('product_id'), label: excluded('label'), price: excluded('price'), stock_left: excluded('stock_left'), position: excluded('position'), updated_at: excluded('updated_at') },
      })
  }
  const keptSkus = rows.map((r) => r.sku)
  for (const idChunk of chunks(productIds)) await tx.delete(variants).where(and(inArray(variants.product_id, idChunk), notInArray(variants.sku, keptSkus)))
}
