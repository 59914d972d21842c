import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { CartLine, CartLineInput } from '../../../contract/cart'
import { MAX_LINE_QUANTITY } from '../../../contract/cart'
import type { Locale } from '../../../contract/constants'
import type { Db, DbOrTx } from '../../db/client'
import { cartItems, idempotentRequests, products, variants } from '../../db/schema'
import { transaction } from '../../db/transaction'
import type { Clock } from '../../lib/clock'
import { AppError, notFound } from '../../lib/errors'

export interface CartDeps {
  db: Db
  clock: Clock
}

/** The most a line may hold: the variant's stock (a pre-order's allocation), never more than MAX_LINE_QUANTITY. */
const maxFor = (stock: number) => Math.max(0, Math.min(stock, MAX_LINE_QUANTITY))

const isoDate = (date: Date) => date.toISOString().slice(0, 10)

/** The member's cart with current names, prices and stock, oldest line first. */
export async function cartOf(db: DbOrTx, userId: number, locale: Locale, now: Date): Promise<CartLine[]> {
  const rows = await db
    .select({ item: cartItems, variant: variants, product: products })
    .from(cartItems)
    .innerJoin(variants, eq(variants.id, cartItems.variant_id))
    .innerJoin(products, eq(products.id, variants.product_id))
    .where(eq(cartItems.user_id, userId))
    .orderBy(asc(cartItems.created_at), asc(cartItems.id))
  return rows.map(({ item, variant, product }) => ({
    id: item.id,
    product_id: product.id,
    variant_id: variant.id,
    image: product.images[0],
    label: product.name[locale],
    type: variant.label[locale],
    quantity: item.quantity,
    price: variant.price,
    arrival_date: isoDate(new Date(now.getTime() + product.arrival_days * 86_400_000)),
    stock_type: product.stock_type,
    stock_left: variant.stock_left,
    max_quantity: maxFor(variant.stock_left),
  }))
}

async function variantsFor(db: DbOrTx, lines: CartLineInput[]) {
  const rows = lines.length
    ? await db
        .select({ variant: variants, status: products.status })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.product_id))
        .where(inArray(variants.id, lines.map((l) => l.variant_id)))
    : []
  return new Map(rows.filter((r) => r.status === 'ACTIVE').map((r) => [r.variant.id, r.variant]))
}

/**
 * Adds lines to the member's cart: the same variant raises the quantity, capped at the stock.
 * A variant that is unknown, of another product, inactive or sold out is left out.
 */
export async function addLines(db: DbOrTx, userId: number, lines: CartLineInput[], now: Date) {
  const known = await variantsFor(db, lines)
  let added = 0
  for (const line of lines) {
    const variant = known.get(line.variant_id)
    if (!variant || variant.product_id !== line.product_id || maxFor(variant.stock_left) === 0) continue
    const cap = maxFor(variant.stock_left)
    await db
      .insert(cartItems)
      .values({ user_id: userId, variant_id: variant.id, quantity: Math.min(line.quantity, cap), created_at: now, updated_at: now })
      .onConflictDoUpdate({
        target: [cartItems.user_id, cartItems.variant_id],
        set: { quantity: sql`least(${cartItems.quantity} + ${line.quantity}, ${cap})`, updated_at: now },
      })
    added++
  }
  return added
}

export async function addToCart(db: DbOrTx, userId: number, line: CartLineInput, now: Date) {
  const added = await addLines(db, userId, [line], now)
  if (added === 0) throw new AppError('OUT_OF_STOCK', 409, 'Out of stock')
}

export async function setQuantity(db: DbOrTx, userId: number, lineId: number, quantity: number, now: Date) {
  const [line] = await db
    .select({ item: cartItems, stock: variants.stock_left })
    .from(cartItems)
    .innerJoin(variants, eq(variants.id, cartItems.variant_id))
    .where(and(eq(cartItems.id, lineId), eq(cartItems.user_id, userId)))
  if (!line) throw notFound('This cart line does not exist.')
  const capped = Math.min(quantity, maxFor(line.stock))
  if (capped === 0) throw new AppError('OUT_OF_STOCK', 409, 'Out of stock')
  await db.update(cartItems).set({ quantity: capped, updated_at: now }).where(eq(cartItems.id, lineId))
}

/** Removing a line that is already gone is not an error: a replayed delete changes nothing. */
export const removeLine = (db: DbOrTx, userId: number, lineId: number) =>
  db.delete(cartItems).where(and(eq(cartItems.id, lineId), eq(cartItems.user_id, userId)))

/**
 * Runs a cart mutation at most once per Idempotency-Key: the first run's answer is stored in the
 * same transaction, and a replay (a retried request, a queue replayed after a crash) gets that
 * answer without changing anything.
 */
export async function once<T>(deps: CartDeps, userId: number, key: string | undefined, run: (tx: DbOrTx) => Promise<T>): Promise<T> {
  if (!key) return transaction(deps.db, (tx) => run(tx))
  return transaction(deps.db, async (tx) => {
    const claimed = await tx
      .insert(idempotentRequests)
      .values({ user_id: userId, key, status: 0, response: {}, created_at: deps.clock() })
      .onConflictDoNothing()
      .returning({ key: idempotentRequests.key })
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(idempotentRequests).where(and(eq(idempotentRequests.user_id, userId), eq(idempotentRequests.key, key)))
      if (stored!.status === 0) throw new AppError('IN_PROGRESS', 409, 'This request is still being processed.')
      return stored!.response as T
    }
    const result = await run(tx)
    await tx.update(idempotentRequests).set({ status: 200, response: result as object }).where(and(eq(idempotentRequests.user_id, userId), eq(idempotentRequests.key, key)))
    return result
  })
}

