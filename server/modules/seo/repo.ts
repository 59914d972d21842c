import { and, asc, eq, max } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { categories, cities, productCategories, products, trendGroups } from '../../db/schema'

const active = eq(products.status, 'ACTIVE')

/** Products on sale (the ones the catalogue API answers for), with what the landing lists filter by. */
export const listedProducts = (db: DbOrTx) =>
  db
    .select({ id: products.id, updated_at: products.updated_at, trend_group_id: products.trend_group_id, city: cities.slug })
    .from(products)
    .innerJoin(cities, eq(cities.id, products.city_id))
    .where(active)
    .orderBy(asc(products.id))

/** The newest change among the products on sale in each category. */
export const categoriesWithProducts = (db: DbOrTx) =>
  db
    .select({ id: categories.id, lastmod: max(products.updated_at) })
    .from(categories)
    .innerJoin(productCategories, eq(productCategories.category_id, categories.id))
    .innerJoin(products, and(eq(products.id, productCategories.product_id), active))
    .groupBy(categories.id)
    .orderBy(asc(categories.position), asc(categories.id))

export const trendGroupIds = (db: DbOrTx) => db.select({ id: trendGroups.id }).from(trendGroups).orderBy(asc(trendGroups.position), asc(trendGroups.id))

export const citySlugs = (db: DbOrTx) => db.select({ slug: cities.slug }).from(cities).orderBy(asc(cities.position), asc(cities.id))
