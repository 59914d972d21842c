import type { Config } from '../config'
import type { MemberEffects } from '../core/deps'
import { friendJoined, friendVerified } from '../modules/referral/service'

/**
 * What a member's sign-up and verified e-mail set off elsewhere, in the same transaction: a
 * referral is recorded and the referrer told; the friend's welcome coupon comes once the e-mail
 * is verified (decision 62).
 */
export const memberEffects = (config: Pick<Config, 'referral'>): MemberEffects => ({
  joined: (tx, member, referredBy, now) => friendJoined(tx, config.referral, member, referredBy, now),
  async verified(tx, memberId, now) {
    await friendVerified(tx, config.referral, memberId, now)
  },
})
