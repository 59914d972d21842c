import type { Locale } from '../../../contract/constants'
import type { Paged } from '../../../contract/page'
import type { CreateReviewInput, OwnReview, PendingOrder, Review, ReviewSummary, UpdateReviewInput } from '../../../contract/review'
import type { Db } from '../../db/client'
import { transaction } from '../../db/transaction'
import type { Clock } from '../../lib/clock'
import { AppError, notFound } from '../../lib/errors'
import { maskedName } from '../../lib/masked-name'
import * as repo from './repo'

export interface ReviewDeps {
  db: Db
  clock: Clock
  /** told after a change to a product's figures (the catalogue's answers kept in memory) */
  onFiguresChanged: () => void
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export function toReview(row: repo.ReviewRow, locale: Locale): Review {
  return {
    id: row.id,
    product_id: row.product_id,
    score: row.score,
    evaluation: row.evaluation,
    author: row.author,
    verified_purchase: true,
    variant_label: row.variant_label[locale],
    created_at: row.created_at.toISOString(),
    edited_at: iso(row.edited_at),
    reply: row.reply && row.replied_at ? { text: row.reply, replied_at: row.replied_at.toISOString() } : null,
  }
}

const reviewMissing = () => notFound('This review was not found.')

/** The member's delivered orders with products not yet reviewed (one item per product and order). */
export async function pending(deps: ReviewDeps, userId: number, locale: Locale, orderNo?: string): Promise<PendingOrder[]> {
  const orders = new Map<string, PendingOrder>()
  for (const line of await repo.pendingLines(deps.db, userId, orderNo)) {
    let order = orders.get(line.order_no)
    if (!order) orders.set(line.order_no, (order = { order_no: line.order_no, completed_at: iso(line.completed_at) ?? '', items: [] }))
    if (order.items.some((item) => item.product_id === line.product_id)) continue
    order.items.push({ product_id: line.product_id, name: line.name[locale], image: line.image, variant_label: line.variant_label[locale] })
  }
  return [...orders.values()]
}

export async function pendingOrder(deps: ReviewDeps, userId: number, orderNo: string, locale: Locale): Promise<PendingOrder> {
  const order = await repo.ownOrder(deps.db, userId, orderNo)
  if (!order) throw notFound('This order was not found.')
  const [found] = await pending(deps, userId, locale, orderNo)
  return found ?? { order_no: order.no, completed_at: iso(order.completed_at) ?? '', items: [] }
}

async function ownView(deps: ReviewDeps, userId: number, reviewId: number, locale: Locale): Promise<OwnReview> {
  const row = await repo.ownReview(deps.db, userId, reviewId)
  if (!row) throw reviewMissing()
  return toOwnReview(row, locale)
}

const toOwnReview = (row: NonNullable<Awaited<ReturnType<typeof repo.ownReview>>>, locale: Locale): OwnReview => ({
  ...toReview(row.review, locale),
  order_no: row.order_no,
  product_name: row.name[locale],
  product_image: row.images[0],
  hidden: row.review.hidden_at !== null,
})

/** A verified buyer's review: the order is the member's, delivered, and holds the product; one per product. */
export async function create(deps: ReviewDeps, userId: number, input: CreateReviewInput, locale: Locale): Promise<OwnReview> {
  const id = await transaction(deps.db, async (tx) => {
    const now = deps.clock()
    const order = await repo.ownOrder(tx, userId, input.order_no)
    if (!order) throw notFound('This order was not found.')
    if (order.status !== 'COMPLETED') throw new AppError('REVIEW_NOT_ALLOWED', 409, 'Products can be reviewed once the order has been delivered.', { order_status: [order.status] })
    const line = await repo.lineOf(tx, order.id, input.product_id)
    if (!line) throw notFound('This product is not in this order.')
    const names = await repo.memberNames(tx, userId)
    const written = await repo.insertReview(tx, {
      user_id: userId,
      product_id: input.product_id,
      order_id: order.id,
      variant_label: line.variant_label,
      score: input.score,
      evaluation: input.evaluation,
      author: maskedName(names.first, names.last, 'public'),
      created_at: now,
    })
    if (!written) throw new AppError('REVIEW_EXISTS', 409, 'You have already reviewed this product; you can edit your review.')
    await repo.recordEvent(tx, { review_id: written.id, at: now, action: 'create', actor: 'member', reason: null })
    await repo.refreshFigures(tx, input.product_id, now)
    return written.id
  })
  deps.onFiguresChanged()
  return ownView(deps, userId, id, locale)
}

export async function update(deps: ReviewDeps, userId: number, reviewId: number, input: UpdateReviewInput, locale: Locale): Promise<OwnReview> {
  await transaction(deps.db, async (tx) => {
    const now = deps.clock()
    const row = await repo.updateOwnReview(tx, userId, reviewId, { score: input.score, evaluation: input.evaluation, edited_at: now })
    if (!row) throw reviewMissing()
    await repo.recordEvent(tx, { review_id: row.id, at: now, action: 'edit', actor: 'member', reason: null })
    await repo.refreshFigures(tx, row.product_id, now)
  })
  deps.onFiguresChanged()
  return ownView(deps, userId, reviewId, locale)
}

export async function history(deps: ReviewDeps, userId: number, page: number, perPage: number, locale: Locale): Promise<Paged<OwnReview>> {
  const { rows, total } = await repo.historyPage(deps.db, userId, page, perPage)
  return { data: rows.map((row) => toOwnReview(row, locale)), current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) }
}

export async function productReviews(
  deps: ReviewDeps,
  productId: number,
  query: { page: number; per_page: number; score?: number; sort: 'newest' | 'highest' | 'lowest' },
  locale: Locale,
): Promise<Paged<Review> & { summary: ReviewSummary }> {
  if (!(await repo.productExists(deps.db, productId))) throw notFound('Product not found.')
  const { rows, total, bands } = await repo.productPage(deps.db, productId, query)
  const counts = new Map(bands.map((b) => [b.score, b.n]))
  const all = bands.reduce((n, b) => n + b.n, 0)
  const sum = bands.reduce((n, b) => n + b.score * b.n, 0)
  return {
    data: rows.map((row) => toReview(row, locale)),
    current_page: query.page,
    per_page: query.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    summary: {
      average: all ? Math.round((sum / all) * 10) / 10 : 0,
      reviews_total: all,
      band_list: [5, 4, 3, 2, 1].map((rate) => ({ rate, total: counts.get(rate) ?? 0 })),
    },
  }
}

// ---- operators --------------------------------------------------------------------

/** The shop's public reply under a review, or a review hidden from (or shown again on) the product page; each recorded with its reason. */
export async function moderate(deps: ReviewDeps, reviewId: number, action: { kind: 'reply'; text: string } | { kind: 'hide' | 'show'; reason: string }) {
  const row = await transaction(deps.db, async (tx) => {
    const now = deps.clock()
    const current = await repo.reviewById(tx, reviewId)
    if (!current) throw reviewMissing()
    const set = action.kind === 'reply' ? { reply: action.text, replied_at: now } : action.kind === 'hide' ? { hidden_at: now, hidden_reason: action.reason } : { hidden_at: null, hidden_reason: null }
    const updated = (await repo.updateReview(tx, reviewId, set))!
    await repo.recordEvent(tx, { review_id: reviewId, at: now, action: action.kind, actor: 'operator', reason: action.kind === 'reply' ? action.text : action.reason })
    if (action.kind !== 'reply') await repo.refreshFigures(tx, current.product_id, now)
    return updated
  })
  deps.onFiguresChanged()
  const events = (await repo.eventsOf(deps.db, reviewId)).map((e) => ({ at: e.at.toISOString(), action: e.action, actor: e.actor, reason: e.reason }))
  return { review: toReview(row, 'zh_tw'), hidden: row.hidden_at !== null, hidden_reason: row.hidden_reason, events }
}
