import { and, asc, count, desc, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { ProductListQuery } from '../../../contract/catalog'
import type { DbOrTx } from '../../db/client'
import { categories, cities, productCategories, products, trendGroups, variants } from '../../db/schema'

export type ProductRow = typeof products.$inferSelect
export type VariantRow = typeof variants.$inferSelect
export type CityRow = typeof cities.$inferSelect
export type CategoryRow = typeof categories.$inferSelect
export type TrendGroupRow = typeof trendGroups.$inferSelect

const active = eq(products.status, 'ACTIVE')

export const listCategories = (db: DbOrTx) => db.select().from(categories).orderBy(asc(categories.position), asc(categories.id))

export const listCities = (db: DbOrTx) => db.select().from(cities).orderBy(desc(cities.is_hot), asc(cities.position), asc(cities.id))

export const listTrendGroups = (db: DbOrTx) =>
  db
    .select({ group: trendGroups, products_count: sql<number>`count(${products.id})::int` })
    .from(trendGroups)
    .leftJoin(products, and(eq(products.trend_group_id, trendGroups.id), active))
    .groupBy(trendGroups.id)
    .orderBy(asc(trendGroups.position), asc(trendGroups.id))

export async function findTrendGroup(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ group: trendGroups, products_count: sql<number>`count(${products.id})::int` })
    .from(trendGroups)
    .leftJoin(products, and(eq(products.trend_group_id, trendGroups.id), active))
    .where(eq(trendGroups.id, id))
    .groupBy(trendGroups.id)
  return row
}

/** `%`, `_` and `\` in a shopper's keyword are literal characters, not patterns. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

function productFilter(query: Partial<ProductListQuery>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [active]
  if (query.category_id !== undefined) {
    conditions.push(
      inArray(
        products.id,
        sql`(select ${productCategories.product_id} from ${productCategories} where ${productCategories.category_id} = ${query.category_id})`,
      ),
    )
  }
  if (query.city !== undefined) {
    conditions.push(inArray(products.city_id, sql`(select ${cities.id} from ${cities} where ${cities.slug} = ${query.city})`))
  }
  if (query.trend_group_id !== undefined) conditions.push(eq(products.trend_group_id, query.trend_group_id))
  if (query.keyword) {
    const pattern = likePattern(query.keyword)
    conditions.push(
      or(
        ilike(sql`${products.name}->>'zh_tw'`, pattern),
        ilike(sql`${products.name}->>'en'`, pattern),
        ilike(sql`${products.name}->>'ja'`, pattern),
        ilike(products.sku, pattern),
      ),
    )
  }
  return and(...conditions)
}

const ORDER = {
  rank: [desc(products.rank), asc(products.id)],
  price_asc: [asc(products.price_min), asc(products.id)],
  price_desc: [desc(products.price_max), asc(products.id)],
} as const

export async function listProducts(db: DbOrTx, query: ProductListQuery) {
  const where = productFilter(query)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ value: count() }).from(products).where(where),
  ])
  return { rows, total: total?.value ?? 0 }
}

export async function findProduct(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), active))
  return row
}

export const productsOfTrendGroup = (db: DbOrTx, trendGroupId: number, limit: number) =>
  db
    .select()
    .from(products)
    .where(and(eq(products.trend_group_id, trendGroupId), active))
    .orderBy(...ORDER.rank)
    .limit(limit)

/** The best-ranked other products of a category (the given one, else the product's first), then of the product's city. */
export async function recommendations(db: DbOrTx, product: ProductRow, categoryId: number | undefined, limit: number) {
  const categoryIds = categoryId
    ? [categoryId]
    : (
        await db
          .select({ id: productCategories.category_id })
          .from(productCategories)
          .where(eq(productCategories.product_id, product.id))
          .orderBy(asc(productCategories.position))
          .limit(1)
      ).map((r) => r.id)
  const sameCategory = categoryIds.length
    ? await db
        .select()
        .from(products)
        .where(
          and(
            active,
            ne(products.id, product.id),
            inArray(
              products.id,
              db.select({ id: productCategories.product_id }).from(productCategories).where(inArray(productCategories.category_id, categoryIds)),
            ),
          ),
        )
        .orderBy(...ORDER.rank)
        .limit(limit)
    : []
  if (sameCategory.length >= limit) return sameCategory
  const seen = [product.id, ...sameCategory.map((p) => p.id)]
  const sameCity = await db
    .select()
    .from(products)
    .where(and(active, eq(products.city_id, product.city_id), notInArray(products.id, seen)))
    .orderBy(...ORDER.rank)
    .limit(limit - sameCategory.length)
  return [...sameCategory, ...sameCity]
}

/** Variants, categories and cities of a page of products, three queries whatever the page size. */
export async function productRelations(db: DbOrTx, rows: ProductRow[]) {
  const ids = rows.map((r) => r.id)
  const cityIds = [...new Set(rows.map((r) => r.city_id))]
  if (ids.length === 0) return { variants: [], categories: [], cities: [] }
  const [variantRows, categoryRows, cityRows] = await Promise.all([
    db.select().from(variants).where(inArray(variants.product_id, ids)).orderBy(asc(variants.position), asc(variants.id)),
    db
      .select({ product_id: productCategories.product_id, category: categories })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.category_id))
      .where(inArray(productCategories.product_id, ids))
      .orderBy(asc(productCategories.position)),
    db.select().from(cities).where(inArray(cities.id, cityIds)),
  ])
  return { variants: variantRows, categories: categoryRows, cities: cityRows }
}
