import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiErrorBody, ErrorCode, ErrorDetail } from '../../contract/errors'
import type { Logger } from './logger'
import { translate } from './messages'
import { localeOf } from './request-context'

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

/** The app's one error handler: AppErrors keep their status; anything else is logged and answered with a generic 500. */
export const handleError = (logger: Logger) => (error: Error, c: Context) => {
  if (error instanceof AppError) return c.json(errorBody(c, error), error.status)
  logger.error('unhandled error', { method: c.req.method, path: c.req.path, error: error.stack ?? String(error) })
  return c.json(errorBody(c, new AppError('INTERNAL_ERROR', 500, 'Oops...Something went wrong')), 500)
}
