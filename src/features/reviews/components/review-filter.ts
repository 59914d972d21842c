import type { ReviewSummary } from '../../../../contract/review'

/** Clicking a score's bar filters by it; clicking the bar of the score already chosen clears the filter. */
export const toggleScore = (current: number | undefined, rate: number): number | undefined => (current === rate ? undefined : rate)

export interface Band {
  rate: number
  total: number
  /** share of all reviews, 0 to 100 */
  percent: number
}

/** The five bars, 5 stars first, whatever order (or gaps) the server's band_list has. */
export function bandsOf(summary: ReviewSummary): Band[] {
  const all = summary.band_list.reduce((sum, band) => sum + band.total, 0)
  return [5, 4, 3, 2, 1].map((rate) => {
    const total = summary.band_list.find((band) => band.rate === rate)?.total ?? 0
    return { rate, total, percent: all > 0 ? Math.round((total / all) * 100) : 0 }
  })
}
