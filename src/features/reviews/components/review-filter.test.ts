import { describe, expect, it } from 'vitest'
import { bandsOf, toggleScore } from './review-filter'

describe('toggleScore', () => {
  it('filters by the score clicked', () => {
    expect(toggleScore(undefined, 5)).toBe(5)
    expect(toggleScore(4, 2)).toBe(2)
  })

  it('clears the filter when the chosen score is clicked again', () => {
    expect(toggleScore(3, 3)).toBeUndefined()
  })
})

describe('bandsOf', () => {
  it('lists 5 to 1 stars with their share, filling missing scores with 0', () => {
    const bands = bandsOf({ average: 4.3, reviews_total: 4, band_list: [{ rate: 1, total: 1 }, { rate: 5, total: 3 }] })
    expect(bands.map((b) => b.rate)).toEqual([5, 4, 3, 2, 1])
    expect(bands.map((b) => b.total)).toEqual([3, 0, 0, 0, 1])
    expect(bands.map((b) => b.percent)).toEqual([75, 0, 0, 0, 25])
  })

  it('draws empty bars without reviews', () => {
    expect(bandsOf({ average: 0, reviews_total: 0, band_list: [] }).every((b) => b.percent === 0 && b.total === 0)).toBe(true)
  })
})
