import { describe, expect, it } from 'vitest'
import { ratingSummary, SUBSCRIPTION_REVIEW_SUMMARY, SUBSCRIPTION_SAMPLE_RATINGS } from './subscription'

describe('the subscribe page’s rating summary', () => {
  it('computes the average and the count from the bars (43, 20, 7 make 4.5 from 70)', () => {
    expect(SUBSCRIPTION_REVIEW_SUMMARY).toEqual({ average: 4.5, total: 70, counts: { 5: 43, 4: 20, 3: 7, 2: 0, 1: 0 } })
  })

  it('adds real subscribers’ ratings to the sample’s, and has nothing to average without ratings', () => {
    expect(ratingSummary(SUBSCRIPTION_SAMPLE_RATINGS, { 5: 0, 4: 0, 3: 0, 2: 0, 1: 30 })).toEqual({ average: 3.5, total: 100, counts: { 5: 43, 4: 20, 3: 7, 2: 0, 1: 30 } })
    expect(ratingSummary({ 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 })).toEqual({ average: 0, total: 0, counts: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } })
    expect(ratingSummary({ 5: 1, 4: 1, 3: 0, 2: 0, 1: 0 }).average).toBe(4.5)
  })
})
