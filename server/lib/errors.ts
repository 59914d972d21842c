import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { routePath } from 'hono/route'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiErrorBody, ErrorCode, ErrorDetail } from '../../contract/errors'
import { summarizeError, type Logger } from './logger'
import { translate } from './messages'
import { isDatabaseUnavailable } from './unavailable'
import { localeOf } from './request-locale'

/** The one error type services throw. `message` is the English source text; it is translated on the way out. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: ContentfulStatusCode,
    message: string,
    readonly detail: ErrorDetail = {},
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const notFound = (message = 'The requested resource was not found.') => new AppError('NOT_FOUND', 404, message)

export const validationFailed = (detail: Record<string, string[]>) => new AppError('VALIDATION_FAILED', 400, 'The given data was invalid.', detail)

export function errorBody(c: Context, error: AppError): ApiErrorBody {
  const locale = localeOf(c)
  const detail = Object.fromEntries(
    Object.entries(error.detail).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.map((m) => translate(locale, m)) : value,
    ]),
  )
  return { error: { code: error.code, message: translate(locale, error.message), detail } }
}

export const malformedJson = () => new AppError('MALFORMED_JSON', 400, 'The request body is not valid JSON.')

export const payloadTooLarge = (limitBytes: number) => new AppError('PAYLOAD_TOO_LARGE', 413, 'The request body is too large.', { limit_bytes: limitBytes })

/**
 * Hono's own refusals (a body its validator cannot parse, a body over the limit) come as an
 * HTTPException: they keep their 4xx status and get the API's error shape.
 */
function fromHttpException(error: HTTPException): AppError | undefined {
  const status = error.status
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 413, 'The request body is too large.')
  if (status === 400 && /json/i.test(error.message)) return malformedJson()
  if (status === 401) return new AppError('UNAUTHENTICATED', 401, 'Please Log In.')
  if (status === 404) return notFound()
  if (status >= 400 && status < 500) return new AppError('VALIDATION_FAILED', status as ContentfulStatusCode, 'The given data was invalid.')
  return undefined
}

/** the pattern of the route whose handler failed, e.g. `/api/v1/recipient/:id` */
export const routeOf = (c: Context) => {
  try {
    return routePath(c) || '(none)'
  } catch {
    return '(none)'
  }
}

/**
 * The app's one error handler: AppErrors keep their status; anything else is logged and answered
 * with a generic 500. The log names the route pattern (`/api/v1/recipient/:id`), never the URL,
 * its query or the error's message, which carry what the member typed.
 */
export const handleError = (logger: Logger) => (error: Error, c: Context) => {
  if (error instanceof AppError) return c.json(errorBody(c, error), error.status)
  const refusal = error instanceof HTTPException ? fromHttpException(error) : undefined
  if (refusal) return c.json(errorBody(c, refusal), refusal.status)
  if (isDatabaseUnavailable(error)) {
    logger.warn('database unavailable', { method: c.req.method, route: routeOf(c), status: 503 })
    c.header('retry-after', '1')
    return c.json(errorBody(c, new AppError('SERVICE_UNAVAILABLE', 503, 'The shop is busy for a moment; please try again.')), 503)
  }
  const requestId = randomUUID()
  logger.error('unhandled error', { request_id: requestId, method: c.req.method, route: routeOf(c), status: 500, error: summarizeError(error) })
  c.header('x-request-id', requestId)
  return c.json(errorBody(c, new AppError('INTERNAL_ERROR', 500, 'Oops...Something went wrong')), 500)
}
