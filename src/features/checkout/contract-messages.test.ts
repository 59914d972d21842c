import { describe, expect, it } from 'vitest'
import { COUPON_MESSAGES, COUPON_REASONS } from '../../../contract/coupon'
import { INVOICE_MESSAGES } from '../../../contract/invoice'
import { PICKUP_MESSAGES } from '../../../contract/logistics'
import { ORDER_MESSAGES } from '../../../contract/order'
import { RECIPIENT_MESSAGES } from '../../../contract/recipient'
import { knownValidationMessages } from '@/lib/validation-messages'

describe('checkout validation messages', () => {
  it('has a Lingui message for every message of the checkout contracts', () => {
    const known = knownValidationMessages()
    const all = [RECIPIENT_MESSAGES, INVOICE_MESSAGES, COUPON_MESSAGES, COUPON_REASONS, ORDER_MESSAGES, PICKUP_MESSAGES].flatMap((messages) => Object.values(messages))
    expect(all.filter((message) => !known.includes(message))).toEqual([])
  })
})
