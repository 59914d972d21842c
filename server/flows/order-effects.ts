import type { Config } from '../config'
import type { OrderEffects } from '../core/deps'
import { releaseRedemption } from '../modules/coupon/service'
import { notifyRestocked } from '../modules/notification/favourites'
import { friendOrderDelivered } from '../modules/referral/service'

/**
 * What an order's end sets off elsewhere, in the transaction that ends it: a cancelled order's
 * coupon use is released and the members who favourited a product back in stock are told; a
 * friend's first delivered order earns the referrer's reward.
 */
export const orderEffects = (config: Pick<Config, 'referral'>): OrderEffects => ({
  async cancelled(tx, order, released, now) {
    await notifyRestocked(tx, released, now)
    await releaseRedemption(tx, { orderId: order.id }, now)
  },
  async delivered(tx, order, now) {
    await friendOrderDelivered(tx, config.referral, order, now)
  },
})
