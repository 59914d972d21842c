/**
 * The Stripe Billing objects the sandbox keeps (a subscription bought through a Checkout Session),
 * in Stripe's own field names and as the current API version shapes them: a subscription's period
 * is on its items, an invoice names its subscription under `parent.subscription_details`.
 */
export interface Product {
  id: string
  object: 'product'
  name: string
  active: true
  created: number
  livemode: false
  metadata: Record<string, string>
}

export interface Price {
  id: string
  object: 'price'
  active: true
  currency: string
  unit_amount: number
  recurring: { interval: 'month'; interval_count: number; usage_type: 'licensed' }
  type: 'recurring'
  product: string
  created: number
  livemode: false
  lookup_key: null
  metadata: Record<string, string>
}

export interface Customer {
  id: string
  object: 'customer'
  email: string | null
  name: string | null
  metadata: Record<string, string>
  test_clock: string | null
  invoice_settings: { default_payment_method: string | null }
  created: number
  livemode: false
}

export interface CheckoutSession {
  id: string
  object: 'checkout.session'
  mode: 'subscription'
  status: 'open' | 'complete' | 'expired'
  payment_status: 'unpaid' | 'paid'
  url: string | null
  success_url: string
  cancel_url: string | null
  client_reference_id: string | null
  customer: string | null
  customer_email: string | null
  metadata: Record<string, string>
  subscription: string | null
  invoice: string | null
  amount_total: number
  currency: string
  created: number
  expires_at: number
  livemode: false
  /** not part of Stripe's answer: what the session sells */
  line: { price: string; quantity: 1 }
  /** not part of Stripe's answer: copied onto the subscription */
  subscription_metadata: Record<string, string>
}

export interface SubscriptionItem {
  id: string
  object: 'subscription_item'
  price: Price
  quantity: 1
  current_period_start: number
  current_period_end: number
  subscription: string
  created: number
}

export interface Subscription {
  id: string
  object: 'subscription'
  customer: string
  status: 'active' | 'past_due' | 'canceled'
  cancel_at_period_end: boolean
  cancel_at: number | null
  canceled_at: number | null
  ended_at: number | null
  start_date: number
  created: number
  currency: string
  default_payment_method: string | null
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string }
  latest_invoice: string | null
  metadata: Record<string, string>
  test_clock: string | null
  /** the subscription schedule managing it; absent on subscriptions stored before schedules existed */
  schedule?: string | null
  livemode: false
}

export interface Invoice {
  id: string
  object: 'invoice'
  customer: string
  status: 'paid' | 'open'
  billing_reason: 'subscription_create' | 'subscription_cycle'
  currency: string
  amount_due: number
  amount_paid: number
  amount_remaining: number
  attempt_count: number
  attempted: boolean
  period_start: number
  period_end: number
  lines: { object: 'list'; data: { id: string; object: 'line_item'; amount: number; currency: string; period: { start: number; end: number }; pricing: { price_details: { price: string } } }[]; has_more: false }
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> } }
  status_transitions: { paid_at: number | null }
  created: number
  livemode: false
  metadata: Record<string, string>
}

export interface TestClock {
  id: string
  object: 'test_helpers.test_clock'
  frozen_time: number
  name: string | null
  status: 'ready'
  created: number
  deletes_after: number
  livemode: false
}

export interface SchedulePhase {
  start_date: number
  end_date: number
  currency: string
  items: { price: string; quantity: 1; metadata: Record<string, string> }[]
  /** set on the subscription when the phase starts (new keys added, existing ones replaced) */
  metadata: Record<string, string>
  proration_behavior: 'create_prorations' | 'none' | 'always_invoice'
}

/** A subscription schedule made from an existing subscription (`from_subscription`), ending by releasing it. */
export interface SubscriptionSchedule {
  id: string
  object: 'subscription_schedule'
  customer: string
  subscription: string | null
  status: 'active' | 'released' | 'canceled'
  end_behavior: 'release'
  current_phase: { start_date: number; end_date: number } | null
  phases: SchedulePhase[]
  released_at: number | null
  released_subscription: string | null
  canceled_at: number | null
  completed_at: null
  created: number
  metadata: Record<string, string>
  test_clock: string | null
  livemode: false
}

export type BillingObject = Product | Price | Customer | CheckoutSession | Subscription | Invoice | TestClock | SubscriptionSchedule

/** `start` plus `months` calendar months (UTC), keeping the day where the month has it (Jan 31 + 1 month = Feb 28/29, as Stripe bills). */
export function addMonths(start: number, months: number) {
  const date = new Date(start * 1000)
  const day = date.getUTCDate()
  date.setUTCDate(1)
  date.setUTCMonth(date.getUTCMonth() + months)
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()
  date.setUTCDate(Math.min(day, last))
  return Math.floor(date.getTime() / 1000)
}
