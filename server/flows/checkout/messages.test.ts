import { describe, expect, it } from 'vitest'
import { COUPON_MESSAGES, COUPON_REASONS } from '../../../contract/coupon'
import { INVOICE_MESSAGES } from '../../../contract/invoice'
import { RECIPIENT_MESSAGES } from '../../../contract/recipient'
import { PICKUP_MESSAGES } from '../../../contract/logistics'
import { ORDER_MESSAGES } from '../../../contract/order'
import { knownMessages, translate } from '../../lib/messages'

describe('checkout messages', () => {
  it('translates every recipient, pick-up, order, invoice and coupon message into zh_tw and ja', () => {
    const messages = [...Object.values(RECIPIENT_MESSAGES), ...Object.values(INVOICE_MESSAGES), ...Object.values(COUPON_MESSAGES), ...Object.values(COUPON_REASONS), ...Object.values(PICKUP_MESSAGES), ...Object.values(ORDER_MESSAGES)]
    for (const message of messages) {
      expect(knownMessages(), message).toContain(message)
      expect(translate('zh_tw', message), message).not.toBe(message)
      expect(translate('ja', message), message).not.toBe(message)
    }
  })
})
