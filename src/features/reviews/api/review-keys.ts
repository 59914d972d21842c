import { MEMBER_QUERY_ROOT } from '@/lib/query-client'

/** A product's public reviews and summaries: posting or editing a review refreshes them. */
export const PRODUCT_REVIEWS_KEY = ['reviews'] as const

/** The member's pending items and own reviews; cleared with the member's other queries on sign-out. */
export const MEMBER_REVIEWS_KEY = [MEMBER_QUERY_ROOT, 'reviews'] as const

export const productReviewsKey = (productId: number) => [...PRODUCT_REVIEWS_KEY, 'product', productId] as const
