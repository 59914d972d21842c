/** The rating the sample reviews are filtered by: a star count, or every review. */
export type RatingFilter = 1 | 2 | 3 | 4 | 5 | 'all'

export const RATINGS = [5, 4, 3, 2, 1] as const

/** Choosing the rating already chosen shows every review again. */
export const toggleRating = (current: RatingFilter, rating: RatingFilter): RatingFilter => (current === rating ? 'all' : rating)

export const reviewsWithRating = <R extends { score: number }>(reviews: readonly R[], rating: RatingFilter): R[] =>
  rating === 'all' ? [...reviews] : reviews.filter((review) => review.score === rating)

export interface RatingBand {
  rating: (typeof RATINGS)[number]
  count: number
  /** share of all reviews, 0 to 100 */
  percent: number
}

/** One bar per star count, 5 first, from the summary's counts. */
export function ratingBands(summary: { total: number; counts: Record<(typeof RATINGS)[number], number> }): RatingBand[] {
  return RATINGS.map((rating) => {
    const count = summary.counts[rating]
    return { rating, count, percent: summary.total > 0 ? Math.round((count / summary.total) * 100) : 0 }
  })
}
