import * as v from 'valibot'
import { ORDER_NO_PATTERN } from './constants'
import { intParam } from './page'
import { MAX_INT } from './text'

/**
 * Reviews ("comments" in the spec's calls) from verified buyers: a member whose order holding the
 * product was delivered (COMPLETED) reviews it once, and may edit it.
 */
export const REVIEW_TEXT_MAX = 100
export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const
export type ReviewSort = (typeof REVIEW_SORTS)[number]

export const REVIEW_MESSAGES = {
  score: 'Choose 1 to 5 stars.',
  text: 'At most 100 characters.',
  orderNo: 'This is not an order number.',
  product: 'Choose a product.',
} as const

const score = v.pipe(v.number(REVIEW_MESSAGES.score), v.integer(REVIEW_MESSAGES.score), v.minValue(1, REVIEW_MESSAGES.score), v.maxValue(5, REVIEW_MESSAGES.score))
const evaluation = v.optional(
  v.pipe(
    v.string(REVIEW_MESSAGES.text),
    v.trim(),
    v.maxLength(REVIEW_TEXT_MAX, REVIEW_MESSAGES.text),
    // text shown to every shopper: no control or direction-override characters
    v.regex(/^[^\p{Cc}\u202a-\u202e\u2066-\u2069]*$/u, REVIEW_MESSAGES.text),
  ),
  '',
)

/** POST /comment */
export const CreateReviewInputSchema = v.object({
  order_no: v.pipe(v.string(REVIEW_MESSAGES.orderNo), v.regex(ORDER_NO_PATTERN, REVIEW_MESSAGES.orderNo)),
  product_id: v.pipe(v.number(REVIEW_MESSAGES.product), v.integer(REVIEW_MESSAGES.product), v.minValue(1, REVIEW_MESSAGES.product), v.maxValue(MAX_INT, REVIEW_MESSAGES.product)),
  score,
  evaluation,
})
export type CreateReviewInput = v.InferOutput<typeof CreateReviewInputSchema>

/** PUT /comment/{id} */
export const UpdateReviewInputSchema = v.object({ score, evaluation })
export type UpdateReviewInput = v.InferOutput<typeof UpdateReviewInputSchema>

/** GET /comment/pending/{order_id}: the order's number (what the shop shows as the order's id) */
export const PendingOrderParamSchema = v.object({ order_id: v.pipe(v.string(), v.regex(ORDER_NO_PATTERN, REVIEW_MESSAGES.orderNo)) })

export const ProductReviewsQuerySchema = v.object({
  page: v.optional(intParam(1), '1'),
  per_page: v.optional(v.pipe(intParam(1), v.transform((n) => Math.min(n, 50))), '10'),
  /** only reviews with this many stars */
  score: v.optional(intParam(1, 5)),
  sort: v.optional(v.picklist(REVIEW_SORTS, 'must be newest, highest or lowest'), 'newest'),
})

export const ReviewReplySchema = v.object({ text: v.string(), replied_at: v.string() })

/** A review as every shopper sees it. */
export const ReviewSchema = v.object({
  id: v.number(),
  product_id: v.number(),
  score: v.number(),
  evaluation: v.string(),
  /** the author's masked display name: 林*美, Mei L. */
  author: v.string(),
  /** always true: only buyers of a delivered order review */
  verified_purchase: v.boolean(),
  /** the type (variant) bought, in the reader's language */
  variant_label: v.string(),
  created_at: v.string(),
  /** set when the author edited it */
  edited_at: v.nullable(v.string()),
  /** the shop's public answer */
  reply: v.nullable(ReviewReplySchema),
})
export type Review = v.InferOutput<typeof ReviewSchema>

/** The member's own review (history): the public view, the product's name and picture, and whether the shop hid it. */
export const OwnReviewSchema = v.object({
  ...ReviewSchema.entries,
  order_no: v.string(),
  product_name: v.string(),
  product_image: v.string(),
  hidden: v.boolean(),
})
export type OwnReview = v.InferOutput<typeof OwnReviewSchema>

/** The spec's summary names. */
export const ReviewSummarySchema = v.object({
  /** one decimal; 0 without reviews */
  average: v.number(),
  reviews_total: v.number(),
  /** 5 stars to 1 star, each with its count */
  band_list: v.array(v.object({ rate: v.number(), total: v.number() })),
})
export type ReviewSummary = v.InferOutput<typeof ReviewSummarySchema>

export const PendingItemSchema = v.object({
  product_id: v.number(),
  name: v.string(),
  image: v.string(),
  variant_label: v.string(),
})

export const PendingOrderSchema = v.object({
  order_no: v.string(),
  /** when it was delivered (ISO 8601) */
  completed_at: v.string(),
  items: v.array(PendingItemSchema),
})
export type PendingOrder = v.InferOutput<typeof PendingOrderSchema>
