import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { products, variants, wishlistItems } from '../../db/schema'
import { notifyMany } from '../../core/notify'

/** What members who favourited a product care about: whether it can be bought, and its lowest price. */
export interface FavouriteState {
  productId: number
  stock: number
  priceMin: number
}

/** The favourited products among these (by product id), with their stock and lowest price now. */
export async function favouriteStates(tx: DbOrTx, productIds: number[]): Promise<Map<number, FavouriteState>> {
  if (productIds.length === 0) return new Map()
  const rows = await tx
    .select({ productId: products.id, stock: sql<number>`coalesce(sum(${variants.stock_left}), 0)::int`, priceMin: products.price_min })
    .from(products)
    .leftJoin(variants, eq(variants.product_id, products.id))
    .where(and(inArray(products.id, productIds), eq(products.status, 'ACTIVE'), sql`exists (select 1 from ${wishlistItems} where ${wishlistItems.product_id} = ${products.id})`))
    .groupBy(products.id)
  return new Map(rows.map((row) => [row.productId, row]))
}

const day = (now: Date) => now.toISOString().slice(0, 10)

/**
 * Tells the members who favourited a product that it is back (sold out before, stock now) or
 * costs less (a lower lowest price), comparing states read before and after a change in the same
 * transaction. At most one of each per product, member and day (restock) or price (drop).
 */
export async function notifyFavouriteChanges(tx: DbOrTx, before: Map<number, FavouriteState>, now: Date) {
  const after = await favouriteStates(tx, [...before.keys()])
  for (const [productId, was] of before) {
    const is = after.get(productId)
    if (!is) continue
    const restocked = was.stock <= 0 && is.stock > 0
    const cheaper = is.priceMin < was.priceMin
    if (!restocked && !cheaper) continue
    const [product] = await tx.select({ name: products.name, images: products.images }).from(products).where(eq(products.id, productId))
    // it was in `after`, read in this transaction: missing only if this transaction removed it since
    if (!product) continue
    const fans = await tx.select({ userId: wishlistItems.user_id }).from(wishlistItems).where(eq(wishlistItems.product_id, productId))
    const common = { url: `/product/detail/${productId}`, image: product.images[0] }
    // every fan in a few statements (notifyMany): this runs while the change holds its stock locks
    await notifyMany(
      tx,
      fans.flatMap(({ userId }) => [
        ...(restocked ? [{ ...common, userId, type: 'favourite_restock' as const, payload: { product_id: productId, product_name: product.name }, dedupeKey: `favourite_restock:${productId}:${userId}:${day(now)}` }] : []),
        ...(cheaper
          ? [
              {
                ...common,
                userId,
                type: 'favourite_price_drop' as const,
                payload: { product_id: productId, product_name: product.name, old_price: was.priceMin, new_price: is.priceMin },
                dedupeKey: `favourite_price_drop:${productId}:${userId}:${is.priceMin}:${day(now)}`,
              },
            ]
          : []),
      ]),
      now,
    )
  }
}

/** After stock came back to these variants (a cancelled order's), within the same transaction. */
export async function notifyRestocked(tx: DbOrTx, released: { variantId: number; quantity: number }[], now: Date) {
  if (released.length === 0) return
  const byProduct = await tx
    .select({ productId: variants.product_id, id: variants.id })
    .from(variants)
    .where(inArray(variants.id, released.map((r) => r.variantId)))
  const back = new Map<number, number>()
  for (const row of byProduct) back.set(row.productId, (back.get(row.productId) ?? 0) + released.filter((r) => r.variantId === row.id).reduce((n, r) => n + r.quantity, 0))
  const now_ = await favouriteStates(tx, [...back.keys()])
  // the state before the release: the same, less what came back
  const before = new Map([...now_].map(([id, state]) => [id, { ...state, stock: state.stock - (back.get(id) ?? 0) }]))
  await notifyFavouriteChanges(tx, before, now)
}
