import { and, asc, count, desc, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { ProductListQuery } from '../../../contract/catalogue'
import type { DbOrTx } from '../../db/client'
import { categories, cities, productCategories, products, trendGroups, variants } from '../../db/schema'

export type ProductRow = typeof products.$inferSelect
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
  // first the page's ids with the total (cheap: no relations), then the page's products in full
  const page = await db
    .select({ id: products.id, total: sql<number>`(count(*) over ())::int` })
    .from(products)
    .where(where)
    .orderBy(...ORDER[query.sort])
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
  const total = page[0]?.total ?? (await db.select({ value: count() }).from(products).where(where))[0]?.value ?? 0
  if (page.length === 0) return { rows: [], total }
  const byId = new Map((await selectProducts(db).where(inArray(products.id, page.map((p) => p.id)))).map((row) => [row.product.id, row]))
  return { rows: page.map((p) => byId.get(p.id)!), total }
}

export async function findProduct(db: DbOrTx, id: number) {
  const [row] = await selectProducts(db).where(and(eq(products.id, id), active))
  return row
}

export const productsByIds = (db: DbOrTx, ids: number[]) =>
  ids.length ? selectProducts(db).where(and(inArray(products.id, ids), active)) : Promise.resolve([])

export const productsOfTrendGroup = (db: DbOrTx, trendGroupId: number, limit: number) =>
  selectProducts(db)
    .where(and(eq(products.trend_group_id, trendGroupId), active))
    .orderBy(...ORDER.rank)
    .limit(limit)

/** The best-ranked other products of a category (the given one, else the product's first), then of the product's city. */
export async function recommendations(db: DbOrTx, product: FullProductRow, categoryId: number | undefined, limit: number) {
  const category = categoryId ?? product.categories[0]?.id
  const sameCategory =
    category === undefined
      ? []
      : await selectProducts(db)
          .where(
            and(
              active,
              ne(products.id, product.product.id),
              inArray(products.id, db.select({ id: productCategories.product_id }).from(productCategories).where(eq(productCategories.category_id, category))),
            ),
          )
          .orderBy(...ORDER.rank)
          .limit(limit)
  if (sameCategory.length >= limit) return sameCategory
  const seen = [product.product.id, ...sameCategory.map((p) => p.product.id)]
  const sameCity = await selectProducts(db)
    .where(and(active, eq(products.city_id, product.product.city_id), notInArray(products.id, seen)))
    .orderBy(...ORDER.rank)
    .limit(limit - sameCategory.length)
  return [...sameCategory, ...sameCity]
}

export interface VariantJson {
  id: number
  sku: string
  label: ProductRow['name']
  price: number
  stock_left: number
}
export interface CategoryJson {
  id: number
  name: ProductRow['name']
}

/*
 * A product with its city, variants and categories in one statement: PGlite answers one query at
 * a time, so round trips, not rows, are what a page of products costs.
 */
const variantsJson = sql<VariantJson[]>`coalesce((
  select json_agg(json_build_object('id', v.id, 'sku', v.sku, 'label', v.label, 'price', v.price, 'stock_left', v.stock_left) order by v.position, v.id)
  from ${variants} v where v.product_id = ${products.id}), '[]'::json)`
const categoriesJson = sql<CategoryJson[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'name', c.name) order by pc.position)
  from ${productCategories} pc join ${categories} c on c.id = pc.category_id where pc.product_id = ${products.id}), '[]'::json)`

function selectProducts<Extra extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, extra?: Extra) {
  return db
    .select({ product: products, city: cities, variants: variantsJson, categories: categoriesJson, ...(extra ?? ({} as Extra)) })
    .from(products)
    .innerJoin(cities, eq(cities.id, products.city_id))
    .$dynamic()
}

export type FullProductRow = Awaited<ReturnType<typeof findProduct>> & {}
