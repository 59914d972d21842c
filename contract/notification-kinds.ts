/**
 * Notifications: what the shop tells a member, in the shop (the message centre, real time) and by
 * web push. One kind per producer; the member chooses per kind (`NotificationModes`). Apart from
 * the rest of contract/notification.ts: the browser's first download needs these lists (the message
 * centre's address, the real-time runtime's order kinds), not the schemas.
 */
/** Kinds about the member's own orders (and their parcels). */
const ORDER_KINDS = [
  'order_paid',
  'order_placed',
  'order_shipped',
  'order_delivered',
  'payment_failed',
  'payment_reminder',
  'parcel_arrived',
  'pickup_reminder',
  'pickup_store_closed',
  'parcel_returned',
] as const

export const NOTIFICATION_TYPES = [
  ...ORDER_KINDS,
  'favourite_restock',
  'favourite_price_drop',
  'referral_joined',
  'review_invite',
  'subscription_renewed',
  'subscription_renewal_failed',
  'coupon_granted',
] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

/** Kinds about the member's own orders: they always reach the message centre (push may be off). */
export const ORDER_NOTIFICATION_TYPES: readonly NotificationType[] = ORDER_KINDS

export const NOTIFICATION_STATUSES = ['unread', 'read'] as const
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number]
