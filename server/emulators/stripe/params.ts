/**
 * What the sandbox's parts (payments, billing, schedules, the hosted pages) share: the events the
 * shop's endpoint hears, who is calling, what an operation answers, the checks every operation
 * runs on Stripe's form-encoded parameters, and what billing and schedules reach of the sandbox.
 */
import { invalidRequest, unknownParam } from './errors'
import type { FormParams } from './form'
import type { StripeEvent } from './objects'
import type { Op, SandboxStore } from './store'

/** The events the sandbox's one webhook endpoint (the shop's) is subscribed to. */
export const ENABLED_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const

/** The API version of the installed `stripe` SDK; events use the caller's `Stripe-Version` when given. */
export const DEFAULT_API_VERSION = '2026-10-28.endive'

export interface SandboxKeys {
  secretKey: string
  publishableKey: string
  webhookSecret: string
}

/** Who is calling: the secret key, or the publishable key (the browser, limited to its intent by the client secret). */
export interface CallContext {
  key: 'secret' | 'publishable'
  requestId: string
  idempotencyKey: string | null
  apiVersion: string
}

/** What an operation answers, and the changes it makes (applied and journaled together). */
export interface Outcome {
  status: 200 | 402
  body: unknown
  ops: Op[]
}

/** What billing and schedules reach of the sandbox they belong to (StripeSandbox). */
export interface SandboxHost {
  readonly store: SandboxStore
  readonly keys: SandboxKeys
  event(type: (typeof ENABLED_EVENTS)[number], object: StripeEvent['data']['object'], ctx: Pick<CallContext, 'apiVersion' | 'requestId' | 'idempotencyKey'>, previous?: Record<string, unknown>): Op[]
}

export const CURRENCIES = new Set(['twd', 'usd', 'jpy', 'eur', 'gbp', 'hkd', 'sgd', 'krw', 'cny', 'aud', 'cad', 'thb', 'myr', 'php'])
export const MAX_AMOUNT = 99_999_999

// ---- parameter checks ---------------------------------------------------------

export const allowOnly = (params: FormParams, allowed: string[]) => {
  for (const key of Object.keys(params)) if (!allowed.includes(key)) throw unknownParam(key)
}

export const text = (params: FormParams, name: string): string | undefined => {
  const value = params[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${JSON.stringify(value)}`, 'parameter_invalid_string', name)
  return value
}

export const integer = (params: FormParams, name: string): number | undefined => {
  const value = text(params, name)
  if (value === undefined) return undefined
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, 'parameter_invalid_integer', name)
  const n = Number(value)
  if (n < 1) throw invalidRequest('This value must be greater than or equal to 1.', 'parameter_invalid_integer', name)
  return n
}

export const bool = (params: FormParams, name: string): boolean | undefined => {
  const value = text(params, name)
  if (value === undefined) return undefined
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, 'parameter_invalid_boolean', name)
  return value === 'true'
}

export const oneOf = (params: FormParams, name: string, values: string[]) => {
  const value = text(params, name)
  if (value !== undefined && !values.includes(value)) throw invalidRequest(`Invalid ${name}: must be one of ${values.join(', ')}`, 'parameter_invalid_string', name)
  return value
}

export function metadataOf(params: FormParams, current: Record<string, string> = {}): Record<string, string> {
  const raw = params.metadata
  if (raw === undefined || raw === '') return raw === '' ? {} : current
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidRequest('Invalid object', 'parameter_invalid_object', 'metadata')
  const next = { ...current }
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string') throw invalidRequest('Invalid string', 'parameter_invalid_string', `metadata[${key}]`)
    if (key.length > 40) throw invalidRequest('Metadata keys can have up to 40 characters.', 'parameter_invalid_string', `metadata[${key}]`)
    if (value.length > 500) throw invalidRequest('Metadata values can have up to 500 characters.', 'parameter_invalid_string', `metadata[${key}]`)
    if (value === '') delete next[key]
    else next[key] = value
  }
  if (Object.keys(next).length > 50) throw invalidRequest('You can specify up to 50 keys.', 'parameter_invalid_object', 'metadata')
  return next
}

export const expandOf = (params: FormParams, allowed: string[]): string[] => {
  const raw = params.expand
  if (raw === undefined) return []
  const list = (Array.isArray(raw) ? raw : [raw]).filter((x): x is string => typeof x === 'string')
  for (const field of list) if (!allowed.includes(field)) throw invalidRequest(`This property cannot be expanded (${field}).`, undefined, 'expand')
  return list
}
