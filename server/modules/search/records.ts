import type { AlternativesAsExact, SynonymHit } from 'algoliasearch'
import { asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { categories, cities, productCategories, products, variants } from '../../db/schema'
import { readingValues } from './readings'
import { storedReadings } from './stored-readings'
import type { ProductRecord } from '../../../contract/search-record'


export const PRODUCT_INDEX_SETTINGS = {
  // a reading right after the words it reads: a match on the name as written ranks first
  searchableAttributes: [
    'unordered(name_zh_tw)',
    'unordered(name_en)',
    'unordered(name_ja)',
    'unordered(name_ja_reading)',
    'categories.category.name',
    'categories.category.name_en',
    'categories.category.name_ja',
    'categories.category.name_ja_reading',
    'location.city',
    'location.city_en',
    'location.city_ja',
    'location.city_ja_reading',
  ],
  attributesForFaceting: ['category_ids', 'city', 'trend_group_id', 'stock_status', 'filterOnly(status)', 'price_min', 'rating'],
  customRanking: ['desc(rank)', 'desc(rating)'],
  // Algolia's default also counts one-word synonyms as exact: here the word typed ranks first (decision 43)
  alternativesAsExact: ['ignorePlurals'] as AlternativesAsExact[],
}

/**
 * The index's synonyms (decisions 43 and 44), pushed with the settings. The word on each hot tag
 * finds the products whose names say it otherwise: one way, from the tag's word, so that the words
 * the names use keep their own results. CJK gets no typo tolerance, so the variant forms shoppers
 * type for a word are listed too, one way, to the form the catalogue uses.
 */
export const PRODUCT_SYNONYMS: SynonymHit[] = [
  // not もち: as a reading it also sits inside やきいもちっぷす (sweet-potato chips); every mochi is 麻糬 or mochi by name
  { objectID: 'daifuku-zh-ja', type: 'onewaysynonym', input: '大福', synonyms: ['麻糬', 'mochi'] },
  { objectID: 'daifuku-en', type: 'onewaysynonym', input: 'daifuku', synonyms: ['mochi', '麻糬', '大福'] },
  { objectID: 'wagashi-zh-ja', type: 'onewaysynonym', input: '和菓子', synonyms: ['甜點', 'お菓子', 'sweets'] },
  { objectID: 'wagashi-en', type: 'onewaysynonym', input: 'japanese sweets', synonyms: ['wagashi', '和菓子', '甜點', 'お菓子', 'sweets'] },
  { objectID: 'wagashi-romaji', type: 'onewaysynonym', input: 'wagashi', synonyms: ['和菓子', '甜點', 'お菓子', 'sweets'] },
  { objectID: 'biscuits', type: 'synonym', synonyms: ['biscuit', 'biscuits', 'cookie', 'cookies', 'ビスケット', 'クッキー'] },
  // one word in three scripts: the ja tag チョコレート is written チョコ or ショコラ in most names
  { objectID: 'chocolate', type: 'synonym', synonyms: ['巧克力', 'チョコレート', 'チョコ', 'ショコラ', 'chocolate', 'chocolates'] },
  { objectID: 'variant-osaka', type: 'onewaysynonym', input: '大坂', synonyms: ['大阪'] },
  { objectID: 'variant-matcha', type: 'onewaysynonym', input: '抹荼', synonyms: ['抹茶'] },
]

/** Products as index records: all of them, or the given ids (inactive ones included: the caller removes those). */
export async function productRecords(db: DbOrTx, ids?: number[]) {
  const rows = await db
    .select()
    .from(products)
    .where(ids ? inArray(products.id, ids) : undefined)
    .orderBy(asc(products.id))
  if (rows.length === 0) return []
  const productIds = rows.map((r) => r.id)
  const [variantRows, links, cityRows] = [
    await db.select({ product_id: variants.product_id, stock_left: variants.stock_left }).from(variants).where(inArray(variants.product_id, productIds)),
    await db
      .select({ product_id: productCategories.product_id, category: categories })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.category_id))
      .where(inArray(productCategories.product_id, productIds))
      .orderBy(asc(productCategories.position)),
    await db.select().from(cities),
  ]
  const cityById = new Map(cityRows.map((c) => [c.id, c]))
  const readings = await storedReadings(db, [...rows.map((p) => p.name.ja), ...cityRows.map((c) => c.name.ja), ...links.map((l) => l.category.name.ja)])
  return rows.map((p): ProductRecord & { active: boolean } => {
    const city = cityById.get(p.city_id)!
    const stock = variantRows.filter((v) => v.product_id === p.id).reduce((sum, v) => sum + Math.max(0, v.stock_left), 0)
    const cats = links.filter((l) => l.product_id === p.id).map((l) => l.category)
    return {
      active: p.status === 'ACTIVE',
      objectID: String(p.id),
      id: p.id,
      sku: p.sku,
      name: p.name.zh_tw,
      name_zh_tw: p.name.zh_tw,
      name_en: p.name.en,
      name_ja: p.name.ja,
      name_ja_reading: readingValues(readings, p.name.ja),
      thumbnail: p.images[0],
      price: p.price_min,
      price_min: p.price_min,
      price_max: p.price_max,
      categories: cats.map((c) => ({ category: { id: c.id, name: c.name.zh_tw, name_en: c.name.en, name_ja: c.name.ja, name_ja_reading: readingValues(readings, c.name.ja) } })),
      category_ids: cats.map((c) => c.id),
      location: { city: city.name.zh_tw, city_en: city.name.en, city_ja: city.name.ja, city_ja_reading: readingValues(readings, city.name.ja), slug: city.slug },
      city: city.slug,
      status: p.status,
      stock_type: p.stock_type,
      stock_status: p.stock_type === 'PRE_ORDER' ? 'pre_order' : stock > 0 ? 'in_stock' : 'out_of_stock',
      trend_group_id: p.trend_group_id,
      rank: p.rank,
      rating: p.rating,
      reviews_total: p.reviews_total,
    }
  })
}
