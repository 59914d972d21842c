import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { orderLines, orders, products, reviewEvents, reviews, users } from '../../db/schema'

export type ReviewRow = typeof reviews.$inferSelect

/** Lines of the member's delivered orders whose product the member has not reviewed, newest order first. */
export const pendingLines = (db: DbOrTx, userId: number, orderNo?: string) =>
  db
    .select({ order_no: orders.no, completed_at: orders.completed_at, product_id: orderLines.product_id, name: orderLines.name, image: orderLines.image, variant_label: orderLines.variant_label })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.order_id, orders.id))
    .leftJoin(reviews, and(eq(reviews.user_id, orders.user_id), eq(reviews.product_id, orderLines.product_id)))
    .where(and(eq(orders.user_id, userId), eq(orders.status, 'COMPLETED'), isNull(reviews.id), orderNo ? eq(orders.no, orderNo) : undefined))
    .orderBy(desc(orders.completed_at), asc(orderLines.id))

export const ownOrder = async (db: DbOrTx, userId: number, no: string) =>
  (await db.select().from(orders).where(and(eq(orders.no, no), eq(orders.user_id, userId))))[0]

export const lineOf = async (db: DbOrTx, orderId: number, productId: number) =>
  (await db.select().from(orderLines).where(and(eq(orderLines.order_id, orderId), eq(orderLines.product_id, productId))).orderBy(asc(orderLines.id)).limit(1))[0]

export const memberNames = async (db: DbOrTx, userId: number) => (await db.select({ first: users.first_name, last: users.last_name }).from(users).where(eq(users.id, userId)))[0]!

/** Writes the review unless the member reviewed this product before; answers it, or undefined. */
export const insertReview = async (db: DbOrTx, row: typeof reviews.$inferInsert) =>
  (await db.insert(reviews).values(row).onConflictDoNothing({ target: [reviews.user_id, reviews.product_id] }).returning())[0]

export const updateOwnReview = async (db: DbOrTx, userId: number, id: number, set: Partial<typeof reviews.$inferInsert>) =>
  (await db.update(reviews).set(set).where(and(eq(reviews.id, id), eq(reviews.user_id, userId))).returning())[0]

export const updateReview = async (db: DbOrTx, id: number, set: Partial<typeof reviews.$inferInsert>) => (await db.update(reviews).set(set).where(eq(reviews.id, id)).returning())[0]

export const reviewById = async (db: DbOrTx, id: number) => (await db.select().from(reviews).where(eq(reviews.id, id)))[0]

export const recordEvent = (db: DbOrTx, event: typeof reviewEvents.$inferInsert) => db.insert(reviewEvents).values(event)

export const eventsOf = (db: DbOrTx, reviewId: number) => db.select().from(reviewEvents).where(eq(reviewEvents.review_id, reviewId)).orderBy(asc(reviewEvents.id))

/**
 * The product's figures from its visible reviews, written on the product (lists, detail and search
 * read them there); `updated_at` moves so the search indexer picks the change up.
 */
export const refreshFigures = (db: DbOrTx, productId: number, now: Date) =>
  db
    .update(products)
    .set({
      rating: sql`coalesce((select round(avg(${reviews.score})::numeric, 1) from ${reviews} where ${reviews.product_id} = ${productId} and ${reviews.hidden_at} is null), 0)`,
      reviews_total: sql`(select count(*) from ${reviews} where ${reviews.product_id} = ${productId} and ${reviews.hidden_at} is null)`,
      updated_at: now,
    })
    .where(eq(products.id, productId))

const visible = (productId: number, score?: number) => and(eq(reviews.product_id, productId), isNull(reviews.hidden_at), score ? eq(reviews.score, score) : undefined)

export async function productPage(db: DbOrTx, productId: number, query: { page: number; per_page: number; score?: number; sort: 'newest' | 'highest' | 'lowest' }) {
  const order = query.sort === 'highest' ? [desc(reviews.score), desc(reviews.id)] : query.sort === 'lowest' ? [asc(reviews.score), desc(reviews.id)] : [desc(reviews.created_at), desc(reviews.id)]
  const [rows, [total], bands] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(visible(productId, query.score))
      .orderBy(...order)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(reviews).where(visible(productId, query.score)),
    db.select({ score: reviews.score, n: count() }).from(reviews).where(visible(productId)).groupBy(reviews.score),
  ])
  return { rows, total: total?.n ?? 0, bands }
}

const ownReviews = (db: DbOrTx) =>
  db
    .select({ review: reviews, order_no: orders.no, name: products.name, images: products.images })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.order_id))
    .innerJoin(products, eq(products.id, reviews.product_id))

export const ownReview = async (db: DbOrTx, userId: number, id: number) => (await ownReviews(db).where(and(eq(reviews.user_id, userId), eq(reviews.id, id))))[0]

export async function historyPage(db: DbOrTx, userId: number, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    ownReviews(db)
      .where(eq(reviews.user_id, userId))
      .orderBy(desc(reviews.created_at), desc(reviews.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(reviews).where(eq(reviews.user_id, userId)),
  ])
  return { rows, total: total?.n ?? 0 }
}

export const productExists = async (db: DbOrTx, productId: number) => (await db.select({ id: products.id }).from(products).where(eq(products.id, productId))).length > 0
