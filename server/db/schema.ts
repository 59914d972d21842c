import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { ProductStatus, StockType } from '../../contract/constants'
import type { LoginMethod, SocialProvider } from '../../contract/auth'
import type { CouponKind } from '../../contract/coupon'
import type { Localized } from '../../contract/localized'
import type { OrderActor, OrderStatus, RefundStatus } from '../../contract/order-states'
import type { NotificationMode, NotificationPayload, NotificationType } from '../../contract/notification'
import type { PaymentStatus } from '../../contract/payment'
import type { BoxRecipient } from '../../contract/subscription'
import type { PaymentMethod, ShipmentType } from '../../contract/checkout'
import type { ParcelState, PickupStore } from '../../contract/logistics'

const localized = (name: string) => jsonb(name).$type<Localized>().notNull()
const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: localized('name'),
  position: integer('position').notNull().default(0),
  ...timestamps,
})

export const cities = pgTable('cities', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: localized('name'),
  prefecture: localized('prefecture'),
  picture: text('picture').notNull(),
  is_hot: boolean('is_hot').notNull().default(false),
  position: integer('position').notNull().default(0),
  ...timestamps,
})

export const trendGroups = pgTable('trend_groups', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: localized('name'),
  description: localized('description'),
  picture: text('picture').notNull(),
  position: integer('position').notNull().default(0),
  ...timestamps,
})

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull().unique(),
    name: localized('name'),
    description: localized('description'),
    images: jsonb('images').$type<[string, ...string[]]>().notNull(),
    city_id: integer('city_id')
      .notNull()
      .references(() => cities.id),
    trend_group_id: integer('trend_group_id').references(() => trendGroups.id, { onDelete: 'set null' }),
    status: text('status').$type<ProductStatus>().notNull().default('ACTIVE'),
    stock_type: text('stock_type').$type<StockType>().notNull(),
    expiry_date: date('expiry_date', { mode: 'string' }),
    arrival_days: integer('arrival_days').notNull(),
    length_cm: real('length_cm').notNull(),
    width_cm: real('width_cm').notNull(),
    height_cm: real('height_cm').notNull(),
    weight_g: real('weight_g').notNull(),
    rank: integer('rank').notNull().default(0),
    /** the average score of its visible reviews (one decimal) and their count, kept by the review service */
    rating: real('rating').notNull().default(0),
    reviews_total: integer('reviews_total').notNull().default(0),
    /** kept equal to the cheapest and dearest variant by the catalogue service, for sorting and filtering */
    price_min: integer('price_min').notNull(),
    price_max: integer('price_max').notNull(),
    ...timestamps,
  },
  (t) => [
    index('products_listing_idx').on(t.status, t.rank.desc(), t.id),
    index('products_price_idx').on(t.status, t.price_min, t.id),
    index('products_city_idx').on(t.city_id),
    index('products_trend_group_idx').on(t.trend_group_id),
  ],
)

export const productCategories = pgTable(
  'product_categories',
  {
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.product_id, t.category_id] }), index('product_categories_category_idx').on(t.category_id)],
)

export const variants = pgTable(
  'variants',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    label: localized('label'),
    /** integer TWD */
    price: integer('price').notNull(),
    stock_left: integer('stock_left').notNull().default(0),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('variants_product_idx').on(t.product_id)],
)


// ---- accounts ---------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** stored lower-cased and trimmed; unique */
    email: text('email').notNull().unique(),
    /** argon2id; null for an account that only ever signed in through a social provider */
    password_hash: text('password_hash'),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    phone_number: text('phone_number').notNull().default(''),
    nationality: text('nationality').notNull().default('Taiwan'),
    /** null until the member chooses one (decision 54) */
    gender: text('gender').$type<'MALE' | 'FEMALE' | 'OTHER'>(),
    birthday: date('birthday', { mode: 'string' }),
    avatar_url: text('avatar_url'),
    /** language of the member's mails */
    locale: text('locale').$type<'zh_tw' | 'en' | 'ja'>().notNull().default('zh_tw'),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    referrer_code: text('referrer_code').notNull().unique(),
    referred_by: integer('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** how the account was created: GENERAL (e-mail) or a social provider */
    signup_method: text('signup_method').$type<LoginMethod>().notNull().default('GENERAL'),
    ...timestamps,
  },
  (t) => [index('users_referred_by_idx').on(t.referred_by)],
)

/** Bearer tokens: only a SHA-256 of the token is kept. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    method: text('method').$type<LoginMethod>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_tokens_user_idx').on(t.user_id)],
)

export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<SocialProvider>().notNull(),
    provider_user_id: text('provider_user_id').notNull(),
    email: text('email'),
    /** LINE: whether the member is a friend of the shop's LINE official account (LINE_BOT_PROMPT), as of their last LINE sign-in; null when not asked */
    friend: boolean('friend'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('social_accounts_provider_user').on(t.provider, t.provider_user_id), index('social_accounts_user_idx').on(t.user_id)],
)

/**
 * Single-use secrets sent by mail or handed across a redirect: e-mail verification, password
 * reset, the social sign-in exchange code and a pending social registration. Hashed like tokens.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').$type<'verify_email' | 'reset_password' | 'social_login' | 'social_register' | 'social_link'>().notNull(),
    token_hash: text('token_hash').notNull().unique(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** purpose-specific data, e.g. the social profile waiting for registration */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.user_id, t.purpose)],
)

/** The state of a social sign-in between the redirect to the provider and its callback (PKCE). */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  provider: text('provider').$type<SocialProvider>().notNull(),
  code_verifier: text('code_verifier').notNull(),
  nonce: text('nonce'),
  source: text('source').$type<'ec' | 'subscribe'>().notNull(),
  locale: text('locale').$type<'zh_tw' | 'en' | 'ja'>().notNull(),
  /** the referrer code the sign-in started with, for a member it creates */
  referrer_code: text('referrer_code'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Fixed-window counters shared by every API server: per-address rate limits and mail cooldowns. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  window_start: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
})

/**
 * One row per scheduled job and period (decision 78): a server about to run a periodic pass first
 * inserts its period, and only the server whose insert went in runs it. However many servers run
 * the schedule, each job runs once per period; the row says which server ran it.
 */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    job: text('job').notNull(),
    period_start: timestamp('period_start', { withTimezone: true }).notNull(),
    server: text('server').notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period_start] })],
)

/**
 * Failed sign-ins in a row and the lock they lead to, keyed `email:<address>` for every client
 * the shop does not trust yet (known and unknown addresses alike, so the lock-out tells nothing)
 * or `device:<id>` for one trusted device.
 */
export const signInLocks = pgTable('sign_in_locks', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  locked_until: timestamp('locked_until', { withTimezone: true }),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Browsers that completed a sign-in (the device cookie); only a SHA-256 of the cookie is kept. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('trusted_devices_user_idx').on(t.user_id, t.last_used_at)],
)

/** Every sign-in outcome, for the member's security and the shop's support. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    outcome: text('outcome').$type<'SUCCESSED' | 'FAILED' | 'LOCKED'>().notNull(),
    address: text('address'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_user_idx').on(t.user_id)],
)

// ---- cart and favourites ----------------------------------------------------

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variant_id: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    ...timestamps,
  },
  (t) => [unique('cart_items_user_variant').on(t.user_id, t.variant_id)],
)

/** Answers of mutations sent with an Idempotency-Key, so that a replayed request changes nothing twice. */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    status: integer('status').notNull(),
    response: jsonb('response').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] })],
)

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('wishlist_items_user_product').on(t.user_id, t.product_id)],
)

// ---- recipients and coupons ---------------------------------------------------

/** A member's saved delivery addresses; at most one is the default (a partial unique index). */
export const recipients = pgTable(
  'recipients',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    zip_code: text('zip_code').notNull(),
    county: text('county').notNull(),
    district: text('district').notNull(),
    address: text('address').notNull(),
    is_default: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('recipients_user_idx').on(t.user_id), uniqueIndex('recipients_one_default').on(t.user_id).where(sql`${t.is_default}`)],
)

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** matched case-insensitively (unique on lower(code)) */
    code: text('code').notNull(),
    title: localized('title'),
    kind: text('kind').$type<CouponKind>().notNull(),
    /** integer TWD for `fixed`, a percentage (1-100) for `percent`, 0 for `free_shipping` */
    value: integer('value').notNull().default(0),
    /** the most a `percent` coupon takes off, integer TWD; null = no cap */
    max_discount: integer('max_discount'),
    /** the subtotal (integer TWD) from which the coupon applies */
    min_spend: integer('min_spend').notNull().default(0),
    starts_at: timestamp('starts_at', { withTimezone: true }),
    ends_at: timestamp('ends_at', { withTimezone: true }),
    /** null = unlimited */
    per_member_limit: integer('per_member_limit'),
    /** null = unlimited */
    total_limit: integer('total_limit'),
    active: boolean('active').notNull().default(true),
    /** a coupon issued to one member (the referral programme's): nobody else can use its code */
    owner_id: integer('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('coupons_code_lower_unique').on(sql`lower(${t.code})`), index('coupons_owner_idx').on(t.owner_id)],
)

/** One use of a coupon by a member; a released use (order cancelled or expired) no longer counts against the limits. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    coupon_id: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the order that used the coupon; filled by the order module, null until then */
    order_id: integer('order_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    released_at: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [index('coupon_redemptions_coupon_user_idx').on(t.coupon_id, t.user_id), index('coupon_redemptions_order_idx').on(t.order_id)],
)

// ---- orders and payments ----------------------------------------------------

/**
 * Orders with the figures, recipient and invoice options as they were when placed. `holds_stock`
 * is true while the order's quantities are taken from the variants' stock: set at checkout,
 * cleared (and the stock given back) exactly once when the order is cancelled or expires.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    no: text('no').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<OrderStatus>().notNull(),
    /** the current payment's status, kept here for lists and the expiry sweep */
    payment_status: text('payment_status').$type<PaymentStatus>().notNull(),
    /** integer TWD, tax included */
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull(),
    logistics_fee: integer('logistics_fee').notNull(),
    tax: integer('tax').notNull(),
    amount: integer('amount').notNull(),
    coupon_id: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    coupon_code: text('coupon_code'),
    coupon_title: jsonb('coupon_title').$type<Localized>(),
    shipment: text('shipment').$type<ShipmentType>().notNull(),
    /** card (Stripe) or cod: cash paid at the store when the parcel is collected */
    payment_method: text('payment_method').$type<PaymentMethod>().notNull().default('card'),
    /** a pick-up order's store, as the chain's map gave it */
    pickup_store: jsonb('pickup_store').$type<PickupStore>(),
    /** ECPay's AllPayLogisticsID of a pick-up order's shipment, once created */
    logistics_id: text('logistics_id').unique(),
    /** where the pick-up parcel is (contract/logistics PARCEL_STATES), from ECPay's reports */
    parcel: text('parcel').$type<ParcelState>(),
    /** the last moment to collect it, once at the store (the end of the 7th day, Taiwan time) */
    collect_by: timestamp('collect_by', { withTimezone: true }),
    collect_reminded_at: timestamp('collect_reminded_at', { withTimezone: true }),
    /** when the shipment's status was last asked of ECPay (the reconciliation) */
    logistics_checked_at: timestamp('logistics_checked_at', { withTimezone: true }),
    recipient: jsonb('recipient').$type<{ name: string; phone: string; zip_code: string; county: string; district: string; address: string }>().notNull(),
    invoice: jsonb('invoice').$type<Record<string, string>>().notNull(),
    /**
     * null without a mobile barcode; true when the Ministry confirmed it at order time; false when
     * only its format was checked (no EINVOICE credentials, or the Ministry did not answer): check
     * it again before the invoice is issued
     */
    invoice_carrier_verified: boolean('invoice_carrier_verified'),
    /** the parcel's carrier, once shipped */
    carrier: text('carrier'),
    tracking_no: text('tracking_no'),
    holds_stock: boolean('holds_stock').notNull().default(true),
    /** language of the member when ordering */
    locale: text('locale').$type<'zh_tw' | 'en' | 'ja'>().notNull(),
    payment_due_at: timestamp('payment_due_at', { withTimezone: true }).notNull(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    shipped_at: timestamp('shipped_at', { withTimezone: true }),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    cancel_reason: text('cancel_reason'),
    /** when the member was invited to review it (or would have been, with invitations off) */
    review_invited_at: timestamp('review_invited_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('orders_user_idx').on(t.user_id, t.status, t.created_at.desc()),
    index('orders_unpaid_due_idx').on(t.payment_due_at).where(sql`${t.status} = 'PROCESSING' and ${t.payment_status} <> 'SUCCESSED'`),
    // pick-up parcels on their way: the reconciliation asks ECPay about the least recently checked
    index('orders_parcels_idx').on(t.logistics_checked_at).where(sql`${t.status} = 'TRANSPORTING' and ${t.logistics_id} is not null`),
  ],
)

/**
 * Each status ECPay reported for a pick-up shipment (or the reconciliation found), once: a report
 * sent again is recognised by its shipment and code and changes nothing.
 */
export const logisticsReports = pgTable(
  'logistics_reports',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    logistics_id: text('logistics_id').notNull(),
    rtn_code: integer('rtn_code').notNull(),
    /** what the report said happened, as ECPay dated it (yyyy/MM/dd HH:mm:ss, Taiwan time); null from a query */
    status_date: text('status_date'),
    /** report (a status report) or query (the reconciliation) */
    source: text('source').$type<'report' | 'query'>().notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('logistics_reports_once_idx').on(t.logistics_id, t.rtn_code)],
)

/** The lines of an order: names, prices and stock type frozen at the time of order. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** no foreign keys: the catalogue may change; the line keeps what was bought */
    product_id: integer('product_id').notNull(),
    variant_id: integer('variant_id').notNull(),
    name: localized('name'),
    variant_label: localized('variant_label'),
    image: text('image').notNull(),
    unit_price: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    stock_type: text('stock_type').$type<StockType>().notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.order_id)],
)

/**
 * One PaymentIntent of an order (usually one; a new attempt only when the previous intent can no
 * longer be paid). The Stripe idempotency key of its creation is derived from order and attempt.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    /** null until the intent is created (after the order's transaction commits) */
    intent_id: text('intent_id').unique(),
    client_secret: text('client_secret'),
    status: text('status').$type<PaymentStatus>().notNull(),
    /** integer TWD */
    amount: integer('amount').notNull(),
    /** how many times the member set out to pay with this intent */
    attempts: integer('attempts').notNull().default(1),
    /** when the member last set out to pay: older failure events do not count against this attempt */
    attempt_started_at: timestamp('attempt_started_at', { withTimezone: true }).notNull(),
    failure_code: text('failure_code'),
    failure_message: text('failure_message'),
    /** the declined charge the last failure reported: the same failure heard again (a late webhook after 'pay again') changes nothing */
    failed_charge_id: text('failed_charge_id'),
    refund_status: text('refund_status').$type<RefundStatus>(),
    refunded_amount: integer('refunded_amount').notNull().default(0),
    /** when the intent was last looked up at Stripe to catch a late or lost webhook */
    checked_at: timestamp('checked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [unique('payments_order_attempt').on(t.order_id, t.attempt), index('payments_refund_idx').on(t.refund_status)],
)

/** Stripe events already handled: a replayed event id changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Every change of an order's, payment's or refund's state: when, from, to, who and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    subject: text('subject').$type<'order' | 'payment' | 'refund' | 'shipment'>().notNull(),
    from_status: text('from_status'),
    to_status: text('to_status').notNull(),
    actor: text('actor').$type<OrderActor>().notNull(),
    reason: text('reason'),
  },
  (t) => [index('order_events_order_idx').on(t.order_id, t.at)],
)

/**
 * Checkout requests by Idempotency-Key: the same member and key always answer the same order; the
 * body's hash tells a retry from a different request sent under a reused key.
 */
export const orderRequests = pgTable(
  'order_requests',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    body_hash: text('body_hash').notNull(),
    /** set in the same transaction that claims the key */
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] })],
)

// ---- notifications ------------------------------------------------------------

/**
 * What the shop told a member: the message centre's rows and the outbox of their deliveries. A
 * producer writes the row in the transaction of the change that causes it; `dedupe_key` makes a
 * repeated change (a retried webhook, a second sweep) write nothing.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    /** what the kind needs to be told (order number, product id, tracking...): title and content are written from it in the reader's language */
    payload: jsonb('payload').$type<Omit<NotificationPayload, 'product_name'> & { product_name?: Localized }>().notNull(),
    url: text('url'),
    image: text('image'),
    dedupe_key: text('dedupe_key').notNull().unique(),
    read_at: timestamp('read_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.user_id, t.id.desc()), index('notifications_unread_idx').on(t.user_id).where(sql`${t.read_at} is null`)],
)

/**
 * The outbox: one row per notification and channel (the member's real-time channel, web push),
 * delivered after commit by the dispatcher, retried with backoff until `done_at`. A claim moves
 * `due_at` ahead (a lease), so a server killed mid-delivery leaves the row to be delivered again.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    notification_id: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'realtime' | 'push' | 'mail'>().notNull(),
    due_at: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    /** push: the subscriptions that took it already (a retry sends only to the others) */
    sent_to: integer('sent_to').array().notNull().default(sql`'{}'::integer[]`),
    /** mail: its Message-ID, random at insert: unique across databases (ids start at 1 again after a reset), the same on every retry */
    message_id: uuid('message_id').notNull().defaultRandom(),
    done_at: timestamp('done_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('notification_deliveries_once').on(t.notification_id, t.channel), index('notification_deliveries_due_idx').on(t.due_at).where(sql`${t.done_at} is null`)],
)

/** A member's choices: per kind shop/push/off (absent: the default), and quiet hours for push. */
export const notificationPreferences = pgTable('notification_preferences', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  modes: jsonb('modes').$type<Partial<Record<NotificationType, NotificationMode>>>().notNull().default({}),
  quiet_enabled: boolean('quiet_enabled').notNull().default(true),
  quiet_start: text('quiet_start').notNull().default('22:00'),
  quiet_end: text('quiet_end').notNull().default('08:00'),
  time_zone: text('time_zone').notNull().default('Asia/Taipei'),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Browsers that take web push for a member; one row per endpoint (a browser that changes hands moves with its new member). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_sent_at: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.user_id)],
)

// ---- reviews --------------------------------------------------------------------

/** A verified buyer's review of a product: one per member and product, from a delivered order. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** the type bought, as the order line froze it */
    variant_label: jsonb('variant_label').$type<Localized>().notNull(),
    score: integer('score').notNull(),
    evaluation: text('evaluation').notNull().default(''),
    /** the author's display name, masked when written (林*美, Mei L.) */
    author: text('author').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    edited_at: timestamp('edited_at', { withTimezone: true }),
    reply: text('reply'),
    replied_at: timestamp('replied_at', { withTimezone: true }),
    hidden_at: timestamp('hidden_at', { withTimezone: true }),
    hidden_reason: text('hidden_reason'),
  },
  (t) => [
    unique('reviews_user_product').on(t.user_id, t.product_id),
    index('reviews_product_idx').on(t.product_id, t.created_at.desc()).where(sql`${t.hidden_at} is null`),
    index('reviews_user_idx').on(t.user_id, t.created_at.desc()),
  ],
)

/** What happened to a review, by whom, when and why (edits, the shop's replies, hiding and showing). */
export const reviewEvents = pgTable('review_events', {
  id: serial('id').primaryKey(),
  review_id: integer('review_id')
    .notNull()
    .references(() => reviews.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true }).notNull(),
  action: text('action').$type<'create' | 'edit' | 'reply' | 'hide' | 'show'>().notNull(),
  actor: text('actor').$type<'member' | 'operator'>().notNull(),
  reason: text('reason'),
})

// ---- the snack box (subscriptions through Stripe Billing) ---------------------------------

/** The member's customer at the payment provider, made once and reused for every checkout. */
export const billingCustomers = pgTable('billing_customers', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customer_id: text('customer_id').notNull().unique(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The member's latest hosted checkout, reused on a second click and expired when another plan is
 * chosen. `claimed_at` is set while a request is opening one (decision 56: one at a time per member);
 * `ref` names it in the subscription's metadata, so its `recipient` reaches the subscription.
 */
export const subscriptionCheckouts = pgTable('subscription_checkouts', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan_id: text('plan_id').notNull(),
  session_id: text('session_id'),
  url: text('url'),
  expires_at: timestamp('expires_at', { withTimezone: true }),
  ref: text('ref'),
  recipient: jsonb('recipient').$type<BoxRecipient>(),
  second_box: boolean('second_box').notNull().default(false),
  claimed_at: timestamp('claimed_at', { withTimezone: true }),
})

/**
 * A member's subscription as the provider's webhooks last described it. `event_at` is the time of
 * the event that wrote it: an older event arriving late changes nothing, and `canceled` is final.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan_id: text('plan_id').notNull(),
    subscription_id: text('subscription_id').notNull().unique(),
    customer_id: text('customer_id').notNull(),
    /** the provider's status: active, past_due, canceled (and the others Stripe knows) */
    provider_status: text('provider_status').notNull(),
    cancel_at_period_end: boolean('cancel_at_period_end').notNull().default(false),
    current_period_end: timestamp('current_period_end', { withTimezone: true }).notNull(),
    event_at: timestamp('event_at', { withTimezone: true }).notNull(),
    /** who receives the boxes packed after `recipient_changed_at` (decision 56); null: not given yet */
    recipient: jsonb('recipient').$type<BoxRecipient>(),
    recipient_changed_at: timestamp('recipient_changed_at', { withTimezone: true }),
    /** the plan the member chose from the next renewal on (decision 56); null: none pending */
    next_plan_id: text('next_plan_id'),
    /** the provider's subscription schedule that carries the plan change, while one is attached */
    schedule_id: text('schedule_id'),
    ...timestamps,
  },
  (t) => [index('subscriptions_user_idx').on(t.user_id)],
)

/** One paid invoice: a box (or a term of boxes) paid for. */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    invoice_id: text('invoice_id').primaryKey(),
    subscription_id: text('subscription_id').notNull(),
    /** whole TWD */
    amount: integer('amount').notNull(),
    paid_at: timestamp('paid_at', { withTimezone: true }).notNull(),
    period_start: timestamp('period_start', { withTimezone: true }).notNull(),
    period_end: timestamp('period_end', { withTimezone: true }).notNull(),
  },
  (t) => [index('subscription_invoices_subscription_idx').on(t.subscription_id)],
)

// ---- the referral programme ------------------------------------------------------------------

/**
 * A friend who joined with a member's code: the friend's welcome coupon, and once the friend's
 * first order is delivered, the referrer's reward, or why there is none (`not_eligible`).
 */
export const referrals = pgTable(
  'referrals',
  {
    friend_id: integer('friend_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrer_id: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'joined' | 'rewarded' | 'not_eligible'>().notNull().default('joined'),
    /** not_eligible: same_phone or same_address */
    reason: text('reason'),
    friend_coupon_id: integer('friend_coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    reward_coupon_id: integer('reward_coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    /** the friend's order whose delivery decided the reward */
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('referrals_referrer_idx').on(t.referrer_id)],
)

// ---- pictures --------------------------------------------------------------------------------

/** raw bytes; node-postgres and PGlite both hand bytea over as a byte array */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
})

/**
 * The originals of the photos the catalogue import read from the owner's disk, keyed by their
 * content hash (`/images/u/<hash>.<ext>`): in the database so that every API server behind a load
 * balancer can serve them and make derivatives. A picture is written once and never changed.
 */
export const images = pgTable('images', {
  /** the first 128 bits of the SHA-256 of `bytes`, in hex */
  hash: text('hash').primaryKey(),
  /** image/jpeg, image/png, image/webp or image/svg+xml, from the content, not the file name */
  content_type: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  byte_size: integer('byte_size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The kana reading of each Japanese text the catalogue names (a product, a city, a category), in
 * hiragana: what search indexes beside the name so that まっちゃ finds 抹茶 (decision 43). Worked
 * out once, when the catalogue is imported, with a dictionary of about 300 MB, and read from here
 * by every index build afterwards, so no start loads the dictionary (decision 0069). Keyed by the
 * text itself: a renamed product gets the reading of its new name, and one city's name is read once.
 */
export const kanaReadings = pgTable('kana_readings', {
  text: text('text').primaryKey(),
  hiragana: text('hiragana').notNull(),
})

/**
 * A shopper's visit to a chain's store map (decision 75). The map posts the store picked back to
 * the shop from the shopper's browser, a cross-site POST that carries no session: it is tied to
 * the pick by its MerchantTradeNo (`trade_no`, random), and only the member who opened the map
 * can read the store or order with it.
 */
export const storePicks = pgTable(
  'store_picks',
  {
    trade_no: text('trade_no').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chain: text('chain').$type<'UNIMART' | 'FAMI' | 'HILIFE'>().notNull(),
    cash_on_pickup: boolean('cash_on_pickup').notNull(),
    locale: text('locale').$type<'zh_tw' | 'en' | 'ja'>().notNull(),
    store: jsonb('store').$type<PickupStore>(),
    /** another store for this order's parcel (its store closed); null: a store for the checkout */
    order_no: text('order_no'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('store_picks_user_idx').on(t.user_id, t.created_at)],
)
