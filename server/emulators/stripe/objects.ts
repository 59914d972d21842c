import { randomBytes } from 'node:crypto'
import type { BillingObject } from './billing-objects'

/** The subset of Stripe's objects the sandbox keeps, in Stripe's own field names. */
export type IntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled'

export interface LastPaymentError {
  type: 'card_error'
  code: string
  decline_code: string | null
  message: string
  charge: string
  doc_url: string
  payment_method: PaymentMethod
}

export interface PaymentIntent {
  id: string
  object: 'payment_intent'
  allowed_payment_method_types: string[] | null
  amount: number
  amount_capturable: number
  amount_received: number
  automatic_payment_methods: { enabled: boolean } | null
  canceled_at: number | null
  cancellation_reason: string | null
  capture_method: 'automatic'
  client_secret: string
  confirmation_method: 'automatic'
  created: number
  currency: string
  customer: null
  description: string | null
  last_payment_error: LastPaymentError | null
  latest_charge: string | null
  livemode: false
  metadata: Record<string, string>
  next_action: null
  payment_method: string | null
  payment_method_types: string[]
  receipt_email: string | null
  status: IntentStatus
}

export interface PaymentMethod {
  id: string
  object: 'payment_method'
  type: 'card'
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string; funding: 'credit' }
  created: number
  livemode: false
}

export interface Charge {
  id: string
  object: 'charge'
  amount: number
  amount_captured: number
  amount_refunded: number
  captured: boolean
  created: number
  currency: string
  failure_code: string | null
  failure_message: string | null
  livemode: false
  metadata: Record<string, string>
  outcome: { network_status: string; reason: string | null; seller_message: string; type: string }
  paid: boolean
  payment_intent: string
  payment_method: string
  refunded: boolean
  status: 'succeeded' | 'failed'
}

export interface Refund {
  id: string
  object: 'refund'
  amount: number
  charge: string
  created: number
  currency: string
  metadata: Record<string, string>
  payment_intent: string
  reason: string | null
  status: 'succeeded'
}

export interface StripeEvent {
  id: string
  object: 'event'
  api_version: string
  created: number
  data: { object: PaymentIntent | Charge | Refund | BillingObject | Record<string, unknown>; previous_attributes?: Record<string, unknown> }
  livemode: false
  pending_webhooks: number
  request: { id: string | null; idempotency_key: string | null }
  type: string
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Stripe-shaped identifiers: a prefix and 24 random letters and digits. */
export function stripeId(prefix: string, length = 24) {
  const bytes = randomBytes(length)
  let out = ''
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length]
  return `${prefix}_${out}`
}

export const unixNow = () => Math.floor(Date.now() / 1000)
