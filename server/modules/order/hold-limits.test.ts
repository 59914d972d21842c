import { describe, expect, it } from 'vitest'
import { mayStillTake, mustVerify, SMALL_HOLD, unverifiedMay } from './hold-limits'

describe('what a member may hold unpaid', () => {
  it('takes at most SMALL_HOLD units or half, rounded up, of the stock left plus the member’s own unpaid units, whichever is more', () => {
    // the review's case: 12 left, members one after another
    expect(mayStillTake(12, 0)).toBe(6)
    expect(mayStillTake(6, 6)).toBe(0)
    expect(mayStillTake(6, 0)).toBe(3)
    expect(mayStillTake(3, 0)).toBe(3)
    expect(mayStillTake(0, 0)).toBe(0)
    expect(mayStillTake(10, 2)).toBe(4)
    // low stock: a small order is never cut
    expect(mayStillTake(1, 0)).toBe(1)
    expect(mayStillTake(2, 0)).toBe(2)
    expect(mayStillTake(4, 0)).toBe(3)
    expect(mayStillTake(7, 0)).toBe(4)
    // ...but the floor counts what the member already holds
    expect(mayStillTake(1, 2)).toBe(1)
    expect(mayStillTake(5, 3)).toBe(1)
    expect(mayStillTake(1, 3)).toBe(0)
    for (let left = 0; left <= 60; left++) {
      for (let held = 0; held <= 30; held++) {
        const q = mayStillTake(left, held)
        const share = Math.max(Math.min(left + held, SMALL_HOLD), Math.ceil((left + held) / 2))
        expect(q).toBeLessThanOrEqual(left)
        if (q > 0) expect(held + q).toBeLessThanOrEqual(share)
        expect(held + q + 1 > share || q === left).toBe(true)
      }
    }
  })

  it('lets a member whose e-mail is not verified hold one order of a few units, unless an order of theirs was paid', () => {
    expect(unverifiedMay(0, 3, 3)).toBe(true)
    expect(unverifiedMay(0, 4, 3)).toBe(false)
    expect(unverifiedMay(1, 1, 3)).toBe(false)
    expect(unverifiedMay(0, 1, 0)).toBe(false)
    expect(mustVerify({ verified: false, paidBefore: false })).toBe(true)
    expect(mustVerify({ verified: false, paidBefore: true })).toBe(false)
    expect(mustVerify({ verified: true, paidBefore: false })).toBe(false)
  })
})
