import * as v from 'valibot'
import { CatalogueFileSchema, type CatalogueFile } from '../../../contract/catalogue-file'
import type { Db } from '../../db/client'
import { transaction } from '../../db/transaction'
import * as catalogueRepo from '../../modules/catalogue/import-repo'
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

/** The file's schema asks for at least one picture per product (the first is its thumbnail everywhere); stored so that its type says so. */
function atLeastOne(images: string[]): [string, ...string[]] {
  const [first, ...rest] = images
  if (first === undefined) throw new Error('a product without pictures passed the catalogue schema')
  return [first, ...rest]
}

/**
 * Upserts a validated catalogue in one transaction: categories, cities and trend groups by slug,
 * products and variants by SKU. A product's variants and categories become exactly those of the
 * file. A product referring to a slug that is neither in the file nor in the shop refuses the
 * whole file. `images` are the pictures readLocalImages read for it, stored in the same
 * transaction, so a refused file leaves none behind.
 */
export async function importCatalogue(db: Db, file: CatalogueFile, images: InspectedImage[] = []): Promise<ImportSummary> {
  const unread = unreadLocalImages(file)
  if (unread.length) throw new CatalogueFileError(unread)
  // the kana readings search needs, worked out now (outside the transaction: the dictionary takes a
  // second to load) and stored, so that no index build has to load it (decision 0069)
  await storedReadings(db, [...file.categories, ...file.cities, ...file.products].map((entry) => entry.name.ja))
  return transaction(db, async (tx) => {
    const now = new Date()
    await saveImages(tx, images)
    await catalogueRepo.saveGroupings(tx, file, now)

    const ids = await catalogueRepo.slugIds(tx)
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
    const existing = await catalogueRepo.existingProductIds(tx, file.products.map((p) => p.sku))
    for (let at = 0; at < existing.length; at += 500) for (const [id, state] of await favouriteStates(tx, existing.slice(at, at + 500))) favouritesBefore.set(id, state)

    let created = 0
    let updated = 0
    const productIds = new Map<string, number>()
    const saved = await catalogueRepo.saveProducts(
      tx,
      file.products.map((p) => ({
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
    for (const row of saved) {
      productIds.set(row.sku, row.id)
      if (row.inserted) created++
      else updated++
    }

    const allIds = [...productIds.values()]
    const links = file.products.flatMap((p) => p.categories.map((slug, position) => ({ product_id: productIds.get(p.sku)!, category_id: ids.categories.get(slug)!, position })))
    await catalogueRepo.replaceProductCategories(tx, allIds, links)
    const variantRows = file.products.flatMap((p) => p.variants.map((x, position) => ({ ...x, product_id: productIds.get(p.sku)!, position, updated_at: now })))
    await catalogueRepo.replaceVariants(tx, allIds, variantRows)
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
