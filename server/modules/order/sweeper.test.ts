import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config'
import { DELIVERY } from '../../integrations/push'
import { reminderLead } from './sweeper'

describe('the payment reminder', () => {
  it('comes, with the default time to pay, no later than the push keeps it, and not in the first third', () => {
    const { paymentMs } = loadConfig({ NODE_ENV: 'test' }).orders
    expect(paymentMs).toBe(15 * 60_000)
    // a phone that takes the push only as its TTL runs out still gets it before the order is cancelled
    expect(reminderLead(paymentMs)).toBeGreaterThanOrEqual(DELIVERY.payment_reminder.ttlSeconds * 1000)
    expect(reminderLead(paymentMs)).toBeLessThanOrEqual((paymentMs * 2) / 3)
    expect(reminderLead(30 * 60_000)).toBe(10 * 60_000)
    expect(reminderLead(60_000)).toBe(40_000)
    // a 6-minute hold: reminded after 2 minutes, with 4 left to pay
    expect(reminderLead(6 * 60_000)).toBe(4 * 60_000)
  })
})
