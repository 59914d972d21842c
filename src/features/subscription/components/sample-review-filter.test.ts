import { describe, expect, it } from 'vitest'
import { SUBSCRIPTION_REVIEW_SUMMARY, SUBSCRIPTION_SAMPLE_REVIEWS } from '../../../../contract/subscription'
import { ratingBands, reviewsWithRating, toggleRating } from './sample-review-filter'

describe('the sample reviews filter', () => {
  it('shows every review for "all" and only the chosen rating otherwise', () => {
    expect(reviewsWithRating(SUBSCRIPTION_SAMPLE_REVIEWS, 'all')).toHaveLength(SUBSCRIPTION_SAMPLE_REVIEWS.length)
    const three = reviewsWithRating(SUBSCRIPTION_SAMPLE_REVIEWS, 3)
    expect(three.length).toBeGreaterThan(0)
    expect(three.every((review) => review.score === 3)).toBe(true)
    expect(reviewsWithRating(SUBSCRIPTION_SAMPLE_REVIEWS, 2)).toEqual([])
  })

  it('clears a rating chosen a second time', () => {
    expect(toggleRating('all', 4)).toBe(4)
    expect(toggleRating(4, 4)).toBe('all')
    expect(toggleRating(4, 5)).toBe(5)
    expect(toggleRating(5, 'all')).toBe('all')
  })

  it('draws one bar per star count, 5 first, as a share of all reviews', () => {
    const bands = ratingBands(SUBSCRIPTION_REVIEW_SUMMARY)
    expect(bands.map((band) => band.rating)).toEqual([5, 4, 3, 2, 1])
    expect(bands.map((band) => band.count)).toEqual([43, 20, 7, 0, 0])
    expect(bands.map((band) => band.percent)).toEqual([61, 29, 10, 0, 0])
    expect(ratingBands({ total: 0, counts: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } }).every((band) => band.percent === 0)).toBe(true)
  })
})
