import type { PaymentIntent, PaymentMethod } from './objects'

export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error'

export interface StripeErrorBody {
  type: StripeErrorType
  message: string
  code?: string
  decline_code?: string
  param?: string
  doc_url?: string
  charge?: string
  payment_intent?: PaymentIntent
  payment_method?: PaymentMethod
}

/** An answer in Stripe's error shape `{"error": {type, code, message, param, ...}}` with Stripe's HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 404 | 409 | 413 | 500,
    readonly body: StripeErrorBody,
  ) {
    super(body.message)
  }
}

const docUrl = (code: string) => `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}`

export const invalidRequest = (message: string, code?: string, param?: string, status: 400 | 404 = 400) =>
  new StripeApiError(status, { type: 'invalid_request_error', message, ...(code ? { code, doc_url: docUrl(code) } : {}), ...(param ? { param } : {}) })

export const missingParam = (param: string) => invalidRequest(`Missing required param: ${param}.`, 'parameter_missing', param)

export const unknownParam = (param: string) =>
  invalidRequest(`Received unknown parameter: ${param}`, 'parameter_unknown', param)

export const noSuch = (kind: string, id: string, param = 'id') => invalidRequest(`No such ${kind}: '${id}'`, 'resource_missing', param, 404)

export const unexpectedState = (message: string) => invalidRequest(message, 'payment_intent_unexpected_state')

export const authentication = (message: string) => new StripeApiError(401, { type: 'invalid_request_error', message })
