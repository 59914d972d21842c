import * as v from 'valibot'
import { SOCIAL_PROVIDERS } from './auth'
import { PaymentConfigSchema } from './payment'
import { PushConfigSchema } from './notification'
import { RealtimeConfigSchema } from './realtime'

/** Public settings the PWA reads at run time, so one build serves any deployment. */
export const PublicConfigSchema = v.object({
  shop: v.object({
    name: v.string(),
    email: v.string(),
    faq_url: v.string(),
    privacy_url: v.string(),
    terms_url: v.string(),
    company_url: v.string(),
    line_url: v.string(),
    /** an outside subscribe page the owner configured; null: the shop's own /subscribe */
    subscribe_url: v.nullable(v.string()),
  }),
  auth: v.object({
    /** the social sign-in methods this deployment offers */
    providers: v.array(v.picklist(SOCIAL_PROVIDERS)),
    lock_minutes: v.number(),
  }),
  /** delivery pricing shown before the quote; the quote (`POST /checkout/quote`) is what counts */
  checkout: v.object({
    /** whole TWD */
    logistics_fee: v.number(),
    /** the fee for pick-up at a convenience store */
    logistics_fee_cvs: v.number(),
    /** goods (after discounts) of at least this ship free */
    free_shipping_threshold: v.number(),
    /** whether mobile barcodes are checked with the Ministry of Finance (false: format only) */
    carrier_check: v.boolean(),
  }),
  /** where and how the browser searches: the algoliasearch client's settings */
  search: v.object({
    app_id: v.string(),
    search_key: v.string(),
    /** null: Algolia's own hosts */
    hosts: v.nullable(v.array(v.string())),
    protocol: v.picklist(['http', 'https']),
    index: v.string(),
  }),
  /** card payments: Stripe, or the embedded Stripe-compatible sandbox */
  payment: PaymentConfigSchema,
  /** the real-time channel for notifications (pusher-js / laravel-echo) */
  realtime: RealtimeConfigSchema,
  /** web push: the VAPID public key for PushManager.subscribe */
  push: PushConfigSchema,
})
export type PublicConfig = v.InferOutput<typeof PublicConfigSchema>

/**
 * `ok` (200); `starting` (503) with what the server still waits for before it takes traffic;
 * `unavailable` (503) while the embedded database's thread restarts (`restarting`) or after it gave up (`failed`)
 */
export const HealthSchema = v.object({
  status: v.picklist(['ok', 'starting', 'unavailable']),
  database: v.picklist(['pglite', 'postgres']),
  waiting_for: v.optional(v.array(v.string())),
  database_state: v.optional(v.picklist(['restarting', 'failed'])),
  /** how many times the embedded database's thread was restarted since the start */
  restarts: v.optional(v.number()),
})
