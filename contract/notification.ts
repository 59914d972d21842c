import * as v from 'valibot'
import type { Localized } from './localized'
import { intParam } from './page'
import { NOTIFICATION_STATUSES, NOTIFICATION_TYPES, ORDER_NOTIFICATION_TYPES, type NotificationStatus, type NotificationType } from './notification-kinds'

export { NOTIFICATION_STATUSES, NOTIFICATION_TYPES, ORDER_NOTIFICATION_TYPES, type NotificationStatus, type NotificationType }

export const NOTIFICATION_GROUPS = { order: ORDER_NOTIFICATION_TYPES, product: ['favourite_restock', 'favourite_price_drop', 'review_invite'], account: ['referral_joined', 'coupon_granted', 'subscription_renewed', 'subscription_renewal_failed'] } as const

/** in the shop only; in the shop and by push on the member's devices; not at all (not for order kinds) */
export const NOTIFICATION_MODES = ['shop', 'push', 'off'] as const
export type NotificationMode = (typeof NOTIFICATION_MODES)[number]

/** The header's dropdown shows this many; the real-time head list keeps at most NOTIFICATION_HEAD_SIZE. */
export const NOTIFICATION_DROPDOWN_SIZE = 6
export const NOTIFICATION_HEAD_SIZE = 10

/** What each kind carries (`notification` in the API), beside its localized title and content. */
export const NotificationPayloadSchema = v.object({
  order_no: v.optional(v.string()),
  product_id: v.optional(v.number()),
  carrier: v.optional(v.string()),
  tracking_no: v.optional(v.string()),
  tracking_url: v.optional(v.nullable(v.string())),
  /** payment_reminder: when the unpaid order is cancelled */
  pay_before: v.optional(v.string()),
  /** pick-up kinds: the store's name (Chinese, as the chain gives it) */
  store_name: v.optional(v.string()),
  /** parcel_arrived, pickup_reminder: the last moment to collect (ISO 8601) */
  collect_by: v.optional(v.string()),
  /** parcel_arrived, pickup_reminder: the cash to pay at the store (cash on pick-up), whole TWD */
  cash: v.optional(v.number()),
  /** pickup_store_closed: the parcel goes back (FamilyMart, Hi-Life) instead of to another store */
  returned: v.optional(v.boolean()),
  /** favourite_price_drop */
  old_price: v.optional(v.number()),
  new_price: v.optional(v.number()),
  /** favourite kinds: the product's name in the reader's language */
  product_name: v.optional(v.string()),
  /** referral_joined, coupon_granted (a reward): the friend's name, masked as on the referral page (林*美) */
  friend_name: v.optional(v.string()),
  /** coupon_granted: the coupon's code, why it was given (a referred friend's welcome, a referrer's thank-you), its minimum spend (whole TWD) and end (ISO 8601) */
  coupon_code: v.optional(v.string()),
  grant: v.optional(v.picklist(['welcome', 'reward'])),
  min_spend: v.optional(v.number()),
  ends_at: v.optional(v.nullable(v.string())),
  /** subscription kinds: what the renewal charged (or tried to), whole TWD; coupon_granted: what the coupon takes off */
  amount: v.optional(v.number()),
})
export type NotificationPayload = v.InferOutput<typeof NotificationPayloadSchema>

/** A payload as the server stores it: a product's name in every language, shown in the member's when read. */
export type StoredPayload = Omit<NotificationPayload, 'product_name'> & { product_name?: Localized }

/**
 * What each kind carries, as the server writes it (server/core/notify.ts takes only these): the
 * API's NotificationPayloadSchema above is every kind's fields at once, each optional.
 */
export interface StoredPayloads {
  order_paid: { order_no: string }
  /** a cash-on-pick-up order was placed: its confirmation (it is paid at the store, not now) */
  order_placed: { order_no: string }
  order_shipped: { order_no: string; carrier?: string; tracking_no?: string; tracking_url: string | null; store_name?: string }
  /** store_name: collected at this store (pick-up) */
  order_delivered: { order_no: string; store_name?: string }
  payment_failed: { order_no: string }
  payment_reminder: { order_no: string; pay_before: string }
  /** a pick-up parcel is at its store: collect it by `collect_by` (the end of that day, Taiwan time) */
  parcel_arrived: { order_no: string; store_name: string; collect_by: string; cash?: number }
  pickup_reminder: { order_no: string; store_name: string; collect_by: string; cash?: number }
  /** the store closed: another store is to be chosen (7-ELEVEN), or (`returned`) the parcel goes back and the order is cancelled */
  pickup_store_closed: { order_no: string; store_name: string; returned: boolean }
  /** not collected in time: sent back, the order cancelled */
  parcel_returned: { order_no: string; store_name: string }
  favourite_restock: { product_id: number; product_name: Localized }
  favourite_price_drop: { product_id: number; product_name: Localized; old_price: number; new_price: number }
  referral_joined: { friend_name: string }
  coupon_granted: { grant: 'welcome' | 'reward'; coupon_code: string; amount: number; min_spend: number; ends_at: string | null; friend_name?: string }
  subscription_renewed: { amount: number }
  subscription_renewal_failed: { amount: number }
  review_invite: { order_no: string }
}

/** The order kinds that also go out by mail (decision 57). */
export const ORDER_MAIL_KINDS = ['order_paid', 'order_placed', 'order_shipped', 'order_delivered'] as const satisfies readonly NotificationType[]

export const NotificationSchema = v.object({
  id: v.number(),
  type: v.picklist(NOTIFICATION_TYPES),
  /** in the language of the request (the API), or the member's own (real time, push) */
  title: v.string(),
  content: v.string(),
  /** where clicking it leads, a path of the shop without its language prefix (`/purchase/20261124-0001`); null: the message page */
  url: v.nullable(v.string()),
  /** a product's picture where there is one */
  image: v.nullable(v.string()),
  is_read: v.boolean(),
  /** ISO 8601 */
  created_at: v.string(),
  datetime: v.string(),
  notification: NotificationPayloadSchema,
})
export type Notification = v.InferOutput<typeof NotificationSchema>

export const NotificationTypeInfoSchema = v.object({
  type: v.picklist(NOTIFICATION_TYPES),
  name: v.string(),
  group: v.picklist(['order', 'product', 'account']),
  /** false for order kinds: they cannot be switched off in the shop */
  can_switch_off: v.boolean(),
})

export const NotificationStatusInfoSchema = v.object({ status: v.picklist(NOTIFICATION_STATUSES), name: v.string() })

export const NotificationListQuerySchema = v.object({
  page: v.optional(intParam(1), '1'),
  per_page: v.optional(v.pipe(intParam(1), v.transform((n) => Math.min(n, 100))), '10'),
  type: v.optional(v.picklist(NOTIFICATION_TYPES, 'is not a notification type')),
  status: v.optional(v.picklist(NOTIFICATION_STATUSES, 'must be unread or read')),
})

export const UnreadCountSchema = v.object({ data: v.object({ data: v.object({ count: v.number() }) }) })

const HOUR_MINUTE = /^([01]\d|2[0-3]):[0-5]\d$/

export const QuietHoursSchema = v.object({
  enabled: v.boolean(),
  /** 'HH:MM' in time_zone; start after end spans midnight (22:00-08:00) */
  start: v.pipe(v.string(), v.regex(HOUR_MINUTE, 'must be a time like 22:00')),
  end: v.pipe(v.string(), v.regex(HOUR_MINUTE, 'must be a time like 08:00')),
  /** an IANA time zone */
  time_zone: v.pipe(
    v.string(),
    v.maxLength(64, 'is not a time zone'),
    v.check((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone })
        return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone)
      } catch {
        return false
      }
    }, 'is not a time zone'),
  ),
})
export type QuietHours = v.InferOutput<typeof QuietHoursSchema>

export const DEFAULT_QUIET_HOURS: QuietHours = { enabled: true, start: '22:00', end: '08:00', time_zone: 'Asia/Taipei' }

export const NotificationSettingsSchema = v.object({
  kinds: v.array(v.object({ type: v.picklist(NOTIFICATION_TYPES), mode: v.picklist(NOTIFICATION_MODES), can_switch_off: v.boolean() })),
  quiet_hours: QuietHoursSchema,
  /** this member's devices with push on */
  push_devices: v.number(),
})
export type NotificationSettings = v.InferOutput<typeof NotificationSettingsSchema>

/** PUT /user/notification-settings: any subset of kinds, and/or the quiet hours. */
export const NotificationSettingsInputSchema = v.object({
  kinds: v.optional(
    v.pipe(
      v.array(v.object({ type: v.picklist(NOTIFICATION_TYPES, 'is not a notification type'), mode: v.picklist(NOTIFICATION_MODES, 'must be shop, push or off') })),
      v.maxLength(NOTIFICATION_TYPES.length, 'lists a kind twice'),
      v.check((kinds) => new Set(kinds.map((k) => k.type)).size === kinds.length, 'lists a kind twice'),
      v.check((kinds) => kinds.every((k) => k.mode !== 'off' || !ORDER_NOTIFICATION_TYPES.includes(k.type)), 'Order notifications cannot be switched off.'),
    ),
  ),
  quiet_hours: v.optional(QuietHoursSchema),
})
export type NotificationSettingsInput = v.InferOutput<typeof NotificationSettingsInputSchema>

const base64url = (bytes: number, message: string) => v.pipe(v.string(message), v.regex(/^[A-Za-z0-9_-]+={0,2}$/, message), v.check((s) => Math.floor((s.replace(/=+$/, '').length * 3) / 4) === bytes, message))

/** `PushSubscription.toJSON()` as the browser gives it. */
export const PushSubscriptionInputSchema = v.object({
  endpoint: v.pipe(
    v.string('endpoint is required'),
    v.maxLength(2048, 'endpoint is too long'),
    // push services' endpoints are ASCII; other characters could outgrow the index on endpoints
    v.regex(/^[\x21-\x7e]+$/, 'endpoint must be a URL'),
    v.url('endpoint must be a URL'),
    v.startsWith('https://', 'endpoint must be an https URL'),
  ),
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object({
    /** the browser's P-256 public key, uncompressed: 65 bytes */
    p256dh: base64url(65, 'p256dh must be a P-256 public key (65 bytes, base64url)'),
    /** the shared authentication secret: 16 bytes */
    auth: base64url(16, 'auth must be 16 bytes, base64url'),
  }),
})
export type PushSubscriptionInput = v.InferOutput<typeof PushSubscriptionInputSchema>

export const PushUnsubscribeInputSchema = v.object({ endpoint: PushSubscriptionInputSchema.entries.endpoint })

/** Browsers one member keeps push on at once; a new one beyond this replaces the oldest. */
export const MAX_PUSH_DEVICES = 10

/** What GET /config tells the PWA about web push. */
export const PushConfigSchema = v.object({ vapid_public_key: v.string() })
export type PushConfig = v.InferOutput<typeof PushConfigSchema>
