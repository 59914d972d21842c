import { and, inArray, notInArray, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { CatalogueFileSchema, type CatalogueFile } from '../../../contract/catalogue-file'
import type { Db, Tx } from '../../db/client'
import { categories, cities, productCategories, products, trendGroups, variants } from '../../db/schema'
import { transaction } from '../../db/transaction'
import type { InspectedImage } from '../../modules/images/inspect'
import { saveImages } from '../../modules/images/repo'
import { favouriteStates, notifyFavouriteChanges, type FavouriteState } from '../../modules/notification/favourites'
import { storedReadings } from '../../modules/search/stored-readings'
import { CatalogueFileError } from './errors'
import { unreadLocalImages } from './local-images'

export { CatalogueFileError }
export { readLocalImages } from './local-images'

export interface ImportSummary {
  categories: number
  cities: number
  trend_groups: number
  products: { created: number; updated: number }
  variants: number
}

const CHUNK = 500

type RawRecord = { sku?: unknown; slug?: unknown } | undefined

/** `products[3] (SKU SNK-0004) variants[0].price` from a valibot issue path. */
function describePath(raw: unknown, issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => item.key as string | number)
  if (keys.length === 0) return '(file)'
  const [list, index, ...rest] = keys
  let label = String(list)
  if (typeof index === 'number') {
    const record = (raw as Record<string, RawRecord[]>)[String(list)]?.[index]
    const key = typeof record?.sku === 'string' ? ` (SKU ${record.sku})` : typeof record?.slug === 'string' ? ` (slug ${record.slug})` : ''
    label = `${String(list)}[${index}]${key}`
  } else if (index !== undefined) rest.unshift(index)
  const field = rest.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('')
  return `${label}${field}`
}

const duplicates = (values: string[]) => [...new Set(values.filter((value, i) => values.indexOf(value) !== i))]

/** Validates a parsed JSON document as a catalogue file; throws CatalogueFileError listing every problem. */
export function parseCatalogueFile(raw: unknown): CatalogueFile {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new CatalogueFileError(['(file): must be a JSON object with a "products" list'])
  const result = v.safeParse(CatalogueFileSchema, raw)
  if (!result.success) {
    throw new CatalogueFileError(
      result.issues.map((issue) => `${describePath(raw, issue)}: ${issue.message} (got ${JSON.stringify(issue.input) ?? 'nothing'})`),
    )
  }
  const file = result.output
  const problems: string[] = []
  const dup = (what: string, values: string[]) => duplicates(values).forEach((value) => problems.push(`${what} ${value} appears more than once`))
  dup('category slug', file.categories.map((c) => c.slug))
  dup('city slug', file.cities.map((c) => c.slug))
  dup('trend group slug', file.trend_groups.map((c) => c.slug))
  dup('product SKU', file.products.map((p) => p.sku))
  dup('variant SKU', file.products.flatMap((p) => p.variants.map((x) => x.sku)))
  if (problems.length) throw new CatalogueFileError(problems)
  return file
}

const chunks = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK))

const excluded = (column: string) => sql.raw(`excluded.${column}`)

async function slugIds(tx: Tx) {
  // one after another: a transaction holds one connection, which runs one query at a time
  const c = await tx.select({ id: categories.id, slug: categories.slug }).from(categories)
  const ci = await tx.select({ id: cities.id, slug: cities.slug }).from(cities)
  const t = await tx.select({ id: trendGroups.id, slug: trendGroups.slug }).from(trendGroups)
  const toMap = (rows: { id: number; slug: string }[]) => new Map(rows.map((r) => [r.slug, r.id]))
  return { categories: toMap(c), cities: toMap(ci), trendGroups: toMap(t) }
}

/**
 * Upserts a validated catalogue in one transaction: categories, cities and trend groups by slug,
 * products and variants by SKU. A product's variants and categories become exactly those of the
 * file. A product referring to a slug that is neither in the file nor in the shop refuses the
 * whole file. `images` are the pictures readLocalImages read for it, stored in the same
 * transaction, so a refused file leaves none behind.
 */
/** The file's schema asks for at least one picture per product (the first is its thumbnail everywhere); stored so that its type says so. */
function atLeastOne(images: string[]): [string, ...string[]] {
  const [first, ...rest] = images
  if (first === undefined) throw new Error('a product without pictures passed the catalogue schema')
  return [first, ...rest]
}

export async function importCatalogue(db: Db, file: CatalogueFile, images: InspectedImage[] = []): Promise<ImportSummary> {
  const unread = unreadLocalImages(file)
  if (unread.length) throw new CatalogueFileError(unread)
  // the kana readings search needs, worked out now (outside the transaction: the dictionary takes a
  // second to load) and stored, so that no index build has to load it (decision 0069)
  await storedReadings(db, [...file.categories, ...file.cities, ...file.products].map((entry) => entry.name.ja))
  return transaction(db, async (tx) => {
    const now = new Date()
    await saveImages(tx, images)
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
          set: {
            name: excluded('name'),
            prefecture: excluded('prefecture'),
            picture: excluded('picture'),
            is_hot: excluded('is_hot'),
            position: excluded('position'),
            updated_at: now,
          },
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

    const ids = await slugIds(tx)
    const problems: string[] = []
    file.products.forEach((p, i) => {
      const at = `products[${i}] (SKU ${p.sku})`
      p.categories.forEach((slug, j) => ids.categories.has(slug) || problems.push(`${at}.categories[${j}]: unknown category "${slug}"`))
      if (!ids.cities.has(p.city)) problems.push(`${at}.city: unknown city "${p.city}"`)
      if (p.trend_group && !ids.trendGroups.has(p.trend_group)) problems.push(`${at}.trend_group: unknown trend group "${p.trend_group}"`)
    })
    if (problems.length) throw new CatalogueFileError(problems)

    // favourited products as they were, to tell their fans what the import changed (restock, price drop)
    const favouritesBefore = new Map<number, FavouriteState>()
    for (const skus of chunks(file.products.map((p) => p.sku))) {
      const existing = await tx.select({ id: products.id }).from(products).where(inArray(products.sku, skus))
      for (const [id, state] of await favouriteStates(tx, existing.map((row) => row.id))) favouritesBefore.set(id, state)
    }

    let created = 0
    let updated = 0
    const productIds = new Map<string, number>()
    for (const rows of chunks(file.products)) {
      const saved = await tx
        .insert(products)
        .values(
          rows.map((p) => ({
            sku: p.sku,
            name: p.name,
            description: p.description,
            images: atLeastOne(p.images),
            city_id: ids.cities.get(p.city)!,
            trend_group_id: p.trend_group ? ids.trendGroups.get(p.trend_group)! : null,
            status: p.status,
            stock_type: p.stock_type,
            expiry_date: p.expiry_date,
            arrival_days: p.arrival_days,
            length_cm: p.size.length,
            width_cm: p.size.width,
            height_cm: p.size.height,
            weight_g: p.size.weight,
            rank: p.rank,
            price_min: Math.min(...p.variants.map((x) => x.price)),
            price_max: Math.max(...p.variants.map((x) => x.price)),
            updated_at: now,
          })),
        )
        .onConflictDoUpdate({
          target: products.sku,
          set: Object.fromEntries(
            [
              'name', 'description', 'images', 'city_id', 'trend_group_id', 'status', 'stock_type', 'expiry_date', 'arrival_days',
              'length_cm', 'width_cm', 'height_cm', 'weight_g', 'rank', 'price_min', 'price_max', 'updated_at',
            ].map((column) => [column, excluded(column)]),
          ),
        })
        // xmax is 0 only for a row this statement inserted: the cheap way to tell created from updated
        .returning({ id: products.id, sku: products.sku, inserted: sql<boolean>`(xmax = 0)` })
      for (const row of saved) {
        productIds.set(row.sku, row.id)
        if (row.inserted) created++
        else updated++
      }
    }

    const allIds = [...productIds.values()]
    for (const idChunk of chunks(allIds)) await tx.delete(productCategories).where(inArray(productCategories.product_id, idChunk))
    const links = file.products.flatMap((p) =>
      p.categories.map((slug, position) => ({ product_id: productIds.get(p.sku)!, category_id: ids.categories.get(slug)!, position })),
    )
    for (const rows of chunks(links)) await tx.insert(productCategories).values(rows)

    const variantRows = file.products.flatMap((p) =>
      p.variants.map((x, position) => ({ ...x, product_id: productIds.get(p.sku)!, position, updated_at: now })),
    )
    for (const rows of chunks(variantRows)) {
      await tx
        .insert(variants)
        .values(rows)
        .onConflictDoUpdate({
          target: variants.sku,
          set: {
            product_id: excluded('product_id'),
            label: excluded('label'),
            price: excluded('price'),
            stock_left: excluded('stock_left'),
            position: excluded('position'),
            updated_at: now,
          },
        })
    }
    const keptSkus = variantRows.map((r) => r.sku)
    for (const idChunk of chunks(allIds)) {
      await tx.delete(variants).where(and(inArray(variants.product_id, idChunk), notInArray(variants.sku, keptSkus)))
    }
    await notifyFavouriteChanges(tx, favouritesBefore, now)

    return {
      categories: file.categories.length,
      cities: file.cities.length,
      trend_groups: file.trend_groups.length,
      products: { created, updated },
      variants: variantRows.length,
    }
  })
}
