import { randomInt } from 'node:crypto'
import type { Locale } from '../../../contract/constants'
import type { Localized } from '../../../contract/localized'
import type { DbOrTx } from '../../db/client'
import type { coupons, orders } from '../../db/schema'
import { notify } from '../../core/notify'
import { postalAddressKey } from './postal-address-key'
import * as repo from './repo'
import { maskedName } from '../../lib/masked-name'

/** A referral coupon's figures (configuration: REFERRAL_FRIEND_COUPON, REFERRAL_REWARD_COUPON). */
export interface ReferralCoupon {
  /** whole TWD off */
  amount: number
  /** goods of at least this much, whole TWD */
  minSpend: number
  /** valid this many days from issue */
  days: number
}

export interface ReferralSettings {
  friend: ReferralCoupon
  reward: ReferralCoupon
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const randomCode = (prefix: string) => `${prefix}-${Array.from({ length: 10 }, () => CROCKFORD[randomInt(32)]).join('')}`

const TITLES: Record<'friend' | 'reward', (amount: number) => Localized> = {
  friend: (amount) => ({ zh_tw: `好友見面禮 NT$${amount} 折價券`, en: `Welcome gift: NT$${amount} off`, ja: `お友だち特典 NT$${amount} 割引` }),
  reward: (amount) => ({ zh_tw: `推薦感謝禮 NT$${amount} 折價券`, en: `Thank-you for a referral: NT$${amount} off`, ja: `ご紹介のお礼 NT$${amount} 割引` }),
}

/** A coupon only `ownerId` can use, once, before it expires. */
async function issueCoupon(tx: DbOrTx, ownerId: number, kind: 'friend' | 'reward', figures: ReferralCoupon, now: Date) {
  return repo.insertCoupon(tx, {
    code: randomCode(kind === 'friend' ? 'FRIEND' : 'THANKS'),
    title: TITLES[kind](figures.amount),
    kind: 'fixed',
    value: figures.amount,
    min_spend: figures.minSpend,
    starts_at: now,
    ends_at: new Date(now.getTime() + figures.days * 86_400_000),
    per_member_limit: 1,
    total_limit: 1,
    owner_id: ownerId,
    created_at: now,
    updated_at: now,
  })
}

/** What a coupon_granted notification carries about its coupon. */
const grantPayload = (coupon: typeof coupons.$inferSelect) => ({ coupon_code: coupon.code, amount: coupon.value, min_spend: coupon.min_spend, ends_at: coupon.ends_at?.toISOString() ?? null })

/**
 * A friend joined with `referrerId`'s code, in the sign-up's transaction: the referral is recorded
 * and the referrer is told who joined (the name masked as on the referral page). The friend's
 * welcome coupon waits for a verified e-mail (decision 62): a friend who signed up verified (a
 * provider that vouches for the address) gets it here, anyone else when the link is followed.
 * Dedupe key by friend: told once, even on retry.
 */
export async function friendJoined(tx: DbOrTx, settings: ReferralSettings, friend: { id: number; first_name: string; last_name: string; email_verified_at: Date | null }, referrerId: number, now: Date) {
  await repo.recordReferral(tx, friend.id, referrerId, now)
  await notify(tx, { userId: referrerId, type: 'referral_joined', payload: { friend_name: maskedName(friend.first_name, friend.last_name, 'acquaintance') }, url: '/user/referrer', dedupeKey: `referral_joined:${friend.id}` }, now)
  if (friend.email_verified_at) await friendVerified(tx, settings, friend.id, now)
}

/**
 * A referred friend's e-mail is verified: the welcome coupon is issued and the friend told where to
 * find it, once. The referral's row is locked and its `friend_coupon_id` read under the lock, so
 * two verifications at once (two clicks, two tabs) issue one coupon; a member referred by no one,
 * or who has the coupon already, gets nothing. Runs in the transaction that verifies the address,
 * after the member's row (decision 48's order). Answers the coupon issued, if any.
 */
export async function friendVerified(tx: DbOrTx, settings: ReferralSettings, friendId: number, now: Date) {
  const referral = await repo.lockReferral(tx, friendId)
  if (!referral || referral.friend_coupon_id !== null) return undefined
  const coupon = await issueCoupon(tx, friendId, 'friend', settings.friend, now)
  await repo.updateReferral(tx, friendId, { friend_coupon_id: coupon.id, updated_at: now })
  await notify(tx, { userId: friendId, type: 'coupon_granted', payload: { grant: 'welcome', ...grantPayload(coupon) }, url: '/user/coupon', dedupeKey: `coupon_granted:welcome:${friendId}` }, now)
  return coupon
}

/** Digits of a phone number, Taiwan's country code read as the trunk 0: +886 912-345-678 = 0912345678. */
const digits = (phone: string) => phone.normalize('NFKC').replace(/\D/g, '').replace(/^886/, '0')

/**
 * A friend's order was delivered. The first delivered order of a friend still `joined` decides:
 * the referrer earns the reward coupon, unless the friend shares the referrer's phone number or a
 * delivery address the referrer uses (recorded as not_eligible with the reason). Runs in the
 * transaction of the order's change, so the decision and the order's state never disagree.
 * Answers the referrer to tell, when rewarded.
 */
export async function friendOrderDelivered(tx: DbOrTx, settings: ReferralSettings, order: typeof orders.$inferSelect, now: Date) {
  const referral = await repo.lockJoinedReferral(tx, order.user_id)
  if (!referral) return undefined
  const friend = await repo.memberOf(tx, order.user_id)
  const referrer = await repo.memberOf(tx, referral.referrer_id)
  if (!friend || !referrer) return undefined
  const referrerPhones = new Set([digits(referrer.phone)].filter(Boolean))
  const referrerAddresses = new Set<string>()
  for (const r of await repo.savedRecipientsOf(tx, referral.referrer_id)) {
    referrerPhones.add(digits(r.phone))
    referrerAddresses.add(postalAddressKey(r))
  }
  for (const o of await repo.orderRecipientsOf(tx, referral.referrer_id)) {
    referrerPhones.add(digits(o.recipient.phone))
    referrerAddresses.add(postalAddressKey(o.recipient))
  }
  const samePhone = [digits(friend.phone), digits(order.recipient.phone)].some((p) => p && referrerPhones.has(p))
  const sameAddress = referrerAddresses.has(postalAddressKey(order.recipient))
  if (samePhone || sameAddress) {
    await repo.updateReferral(tx, referral.friend_id, { status: 'not_eligible', reason: samePhone ? 'same_phone' : 'same_address', order_id: order.id, updated_at: now })
    return undefined
  }
  const coupon = await issueCoupon(tx, referral.referrer_id, 'reward', settings.reward, now)
  await repo.updateReferral(tx, referral.friend_id, { status: 'rewarded', reward_coupon_id: coupon.id, order_id: order.id, updated_at: now })
  const named = await repo.memberOf(tx, referral.friend_id)
  await notify(
    tx,
    { userId: referral.referrer_id, type: 'coupon_granted', payload: { grant: 'reward', friend_name: maskedName(named!.first_name, named!.last_name, 'acquaintance'), ...grantPayload(coupon) }, url: '/user/coupon', dedupeKey: `coupon_granted:reward:${referral.friend_id}` },
    now,
  )
  return { referrerId: referral.referrer_id, coupon }
}


/**
 * `GET /user/referrer`: the member's friends, names masked, each joined, ordered (an order not
 * cancelled, none delivered yet), rewarded or not eligible; and the reward coupons earned.
 */
export async function referralsView(db: DbOrTx, referrerId: number, locale: Locale) {
  const rows = await repo.friendsOf(db, referrerId)
  const ordering = await repo.withOrders(db, rows.map((r) => r.friend_id))
  const earned = await repo.rewardsOf(db, referrerId)
  const used = await repo.usedCoupons(db, earned.map((c) => c.id))
  return {
    referrals: rows.map((r) => ({
      name: maskedName(r.first_name, r.last_name, 'acquaintance'),
      joined_at: r.joined_at.toISOString(),
      status: r.status === 'joined' ? (ordering.has(r.friend_id) ? ('ordered' as const) : ('joined' as const)) : r.status,
      reason: r.status === 'not_eligible' ? (r.reason as 'same_phone' | 'same_address') : null,
    })),
    coupons: earned.map((c) => ({ code: c.code, title: c.title[locale], value: c.value, min_spend: c.min_spend, ends_at: c.ends_at?.toISOString() ?? null, used: used.has(c.id) })),
  }
}

const terms = (c: ReferralCoupon) => ({ amount: c.amount, min_spend: c.minSpend, days: c.days })
/** `GET /referral/programme`: what each side of a referral gets. */
export const programme = (settings: ReferralSettings) => ({ friend: terms(settings.friend), reward: terms(settings.reward) })
