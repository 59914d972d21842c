import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import type { Product } from '../../../contract/catalogue'
import type { Locale } from '../../../contract/constants'
import type { DbOrTx } from '../../db/client'
import { categories, productCategories, products, wishlistItems } from '../../db/schema'
import { notFound } from '../../lib/errors'

/** Adding twice keeps one entry: a replayed add changes nothing. */
export async function addFavourite(db: DbOrTx, userId: number, productId: number) {
  const [product] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.status, 'ACTIVE')))
  if (!product) throw notFound('Product not found.')
  await db.insert(wishlistItems).values({ user_id: userId, product_id: productId }).onConflictDoNothing()
}

export const removeFavourite = (db: DbOrTx, userId: number, productId: number) =>
  db.delete(wishlistItems).where(and(eq(wishlistItems.user_id, userId), eq(wishlistItems.product_id, productId)))

/** The member's favourite product ids, newest first, optionally of one category. */
export async function favouriteIds(db: DbOrTx, userId: number, categoryId?: number) {
  const rows = await db
    .select({ product_id: wishlistItems.product_id })
    .from(wishlistItems)
    .innerJoin(products, and(eq(products.id, wishlistItems.product_id), eq(products.status, 'ACTIVE')))
    .where(
      and(
        eq(wishlistItems.user_id, userId),
        categoryId === undefined
          ? undefined
          : inArray(wishlistItems.product_id, db.select({ id: productCategories.product_id }).from(productCategories).where(eq(productCategories.category_id, categoryId))),
      ),
    )
    .orderBy(desc(wishlistItems.created_at), desc(wishlistItems.id))
  return rows.map((r) => r.product_id)
}

/** Categories of the member's favourites, with how many favourites each holds. */
export async function favouriteCategories(db: DbOrTx, userId: number, locale: Locale) {
  const rows = await db
    .select({ category: categories, count: count() })
    .from(wishlistItems)
    .innerJoin(products, and(eq(products.id, wishlistItems.product_id), eq(products.status, 'ACTIVE')))
    .innerJoin(productCategories, eq(productCategories.product_id, wishlistItems.product_id))
    .innerJoin(categories, eq(categories.id, productCategories.category_id))
    .where(eq(wishlistItems.user_id, userId))
    .groupBy(categories.id)
    .orderBy(asc(categories.position), asc(categories.id))
  return rows.map((r) => ({ id: r.category.id, name: r.category.name[locale], count: Number(r.count) }))
}

/**
 * Marks the member's favourites on products taken from the shared catalogue cache: returns new
 * objects (the cached ones are shared by every visitor) with `is_favorite` and `wishlist` set.
 */
export async function withFavourites(db: DbOrTx, userId: number | undefined, list: Product[]): Promise<Product[]> {
  if (!userId || list.length === 0) return list
  const entries = await db
    .select({ id: wishlistItems.id, product_id: wishlistItems.product_id })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.user_id, userId), inArray(wishlistItems.product_id, [...new Set(list.map((p) => p.id))])))
  if (entries.length === 0) return list
  return list.map((p) => {
    const wishlist = entries.filter((e) => e.product_id === p.id)
    return wishlist.length ? { ...p, is_favorite: true, wishlist } : p
  })
}
