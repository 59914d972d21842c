import * as v from 'valibot'

/** Every error code the API answers with; the body is always ApiErrorBody. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'REQUEST_HEADER_TOO_LARGE',
  'MALFORMED_REQUEST',
  'REQUEST_TIMEOUT',
  'NOT_FOUND',
  'UNSUPPORTED_CURRENCY',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'INVALID_EMAIL_OR_PASSWORD',
  'TOO_MANY_ATTEMPTS',
  'RATE_LIMITED',
  'RESEND_TOO_SOON',
  'RESET_LINK_EXPIRED',
  'LINK_INVALID',
  'EMAIL_ALREADY_VERIFIED',
  'SOCIAL_PROVIDER_UNAVAILABLE',
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'ORDER_TRANSITION_NOT_ALLOWED',
  'PAYMENT_TRANSITION_NOT_ALLOWED',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'INVALID_SIGNATURE',
  'OUT_OF_STOCK',
  'UNPAID_ORDER_LIMIT',
  'VARIANT_HOLD_LIMIT',
  'EMAIL_NOT_VERIFIED',
  'REVIEW_EXISTS',
  'ALREADY_SUBSCRIBED',
  'SAME_PLAN',
  'SUBSCRIPTION_CANCELLING',
  'PAYMENT_OVERDUE',
  'REVIEW_NOT_ALLOWED',
  'IN_PROGRESS',
  'PRODUCT_UNAVAILABLE',
  'RECIPIENT_LIMIT',
  'COUPON_INVALID',
  'CARRIER_NOT_FOUND',
  'CARRIER_CHECK_UNAVAILABLE',
  'LOGISTICS_PROVIDER_UNAVAILABLE',
  /** ECPay refused a pick-up shipment or a change of its store (detail.ecpay: ECPay's message, for the operator) */
  'LOGISTICS_REFUSED',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** Field messages keyed by field, plus a few numeric facts (`lock_minutes`, `retry_after`). */
export type ErrorDetail = Record<string, string[] | number>

export interface ApiErrorBody {
  error: { code: ErrorCode | (string & {}); message: string; detail: ErrorDetail }
}

export const ApiErrorSchema = v.object({
  error: v.object({
    code: v.string(),
    message: v.string(),
    detail: v.record(v.string(), v.unknown()),
  }),
})
