import { describe, expect, it } from 'vitest'
import { addMonthsUtc, BOX_CUTOFF_DAYS, nextBox } from './subscription-boxes'

const at = (iso: string) => new Date(iso)

describe('the snack box’s next box and its cutoff', () => {
  it('adds calendar months, clamping the day as renewals do', () => {
    expect(addMonthsUtc(at('2026-01-31T03:00:00Z'), 1).toISOString()).toBe('2026-02-28T03:00:00.000Z')
    expect(addMonthsUtc(at('2026-01-31T03:00:00Z'), 3).toISOString()).toBe('2026-04-30T03:00:00.000Z')
    expect(addMonthsUtc(at('2026-11-15T00:00:00Z'), 2).toISOString()).toBe('2027-01-15T00:00:00.000Z')
  })

  const term = { termStart: at('2026-03-10T00:00:00Z'), termEnd: at('2026-09-10T00:00:00Z'), months: 6, renews: true }

  it('names the next monthly box whose cutoff is still ahead', () => {
    // paid on March 10: the first box is packed; the April box can still be changed until April 7
    expect(nextBox({ ...term, now: at('2026-03-10T00:00:01Z') })).toEqual({ ships_on: at('2026-04-10T00:00:00Z'), changes_until: at('2026-04-07T00:00:00Z') })
    // past the April cutoff, a change reaches the May box
    expect(nextBox({ ...term, now: at('2026-04-08T00:00:00Z') })?.ships_on).toEqual(at('2026-05-10T00:00:00Z'))
    expect(BOX_CUTOFF_DAYS).toBe(3)
  })

  it('goes on into the next term when the box renews, and stops when it does not', () => {
    expect(nextBox({ ...term, now: at('2026-08-08T00:00:00Z') })?.ships_on).toEqual(at('2026-09-10T00:00:00Z'))
    expect(nextBox({ ...term, renews: false, now: at('2026-08-08T00:00:00Z') })).toBeNull()
    expect(nextBox({ ...term, months: 1, termEnd: at('2026-04-10T00:00:00Z'), renews: true, now: at('2026-03-11T00:00:00Z') })?.ships_on).toEqual(at('2026-04-10T00:00:00Z'))
  })
})
