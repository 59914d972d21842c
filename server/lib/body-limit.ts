import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { payloadTooLarge } from './errors'

/** Bytes a JSON request body may hold: the largest real one (an order of 100 lines) is under 10 KB. */
export const JSON_BODY_LIMIT = 64 * 1024

/** Stripe's signed events carry whole objects (an intent with its charges); Stripe does not bound them, 1 MB is ample. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024

/** ECPay's status reports: twenty-odd short fields, under 2 KB. */
export const LOGISTICS_REPORT_BODY_LIMIT = 8 * 1024

/**
 * Refuses a request body over the limit with 413 PAYLOAD_TOO_LARGE before anything reads it. A
 * body sent without Content-Length (chunked) is counted as it streams in and cut off at the limit.
 * `others` names the routes (paths under the API base) with a limit of their own.
 */
export function bodyLimits(base: string, others: Record<string, number> = {}): MiddlewareHandler {
  const limiter = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw payloadTooLarge(maxSize)
      },
    })
  const standard = limiter(JSON_BODY_LIMIT)
  const exceptions = new Map(Object.entries(others).map(([path, maxSize]) => [base + path, limiter(maxSize)]))
  return (c, next) => (exceptions.get(c.req.path) ?? standard)(c, next)
}
