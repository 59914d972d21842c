import { describe, expect, it } from 'vitest'
import { mayStillTake, unverifiedMay } from './hold-limits'

describe('what a member may hold unpaid', () => {
  it('takes at most half, rounded up, of the stock left plus the member’s own unpaid units', () => {
    // the review's case: 12 left, members one after another
    expect(mayStillTake(12, 0)).toBe(6)
    expect(mayStillTake(6, 6)).toBe(0)
    expect(mayStillTake(6, 0)).toBe(3)
    expect(mayStillTake(3, 0)).toBe(2)
    expect(mayStillTake(1, 0)).toBe(1)
    expect(mayStillTake(0, 0)).toBe(0)
    expect(mayStillTake(10, 2)).toBe(4)
    for (let left = 0; left <= 60; left++) {
      for (let held = 0; held <= 30; held++) {
        const q = mayStillTake(left, held)
        if (q > 0) expect(held + q).toBeLessThanOrEqual(Math.ceil((left + held) / 2))
        expect(held + q + 1).toBeGreaterThan(Math.ceil((left + held) / 2))
      }
    }
  })

  it('lets a member whose e-mail is not verified hold one order of a few units', () => {
    expect(unverifiedMay(0, 3, 3)).toBe(true)
    expect(unverifiedMay(0, 4, 3)).toBe(false)
    expect(unverifiedMay(1, 1, 3)).toBe(false)
    expect(unverifiedMay(0, 1, 0)).toBe(false)
  })
})
