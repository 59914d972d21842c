import type { ValidationTargets } from 'hono'
import { describeRoute, resolver, validator } from 'hono-openapi'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import type * as v from 'valibot'
import { ApiErrorSchema } from '../../contract/errors'
import { validationFailed } from './errors'

/**
 * Validates one part of the request with a contract schema; a failure becomes the API's
 * VALIDATION_FAILED error with the messages keyed by field. The same schema documents the
 * parameter in the OpenAPI document.
 */
export const validate = <S extends v.GenericSchema, T extends keyof ValidationTargets>(target: T, schema: S) =>
  validator(target, schema, (result) => {
    if (result.success) return
    const detail: Record<string, string[]> = {}
    for (const issue of result.error) {
      const key = pathOf(issue) || target
      ;(detail[key] ??= []).push(issue.message)
    }
    throw validationFailed(detail)
  })

const pathOf = (issue: StandardSchemaV1.Issue) =>
  (issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.')

const json = (schema: v.GenericSchema) => ({ 'application/json': { schema: resolver(schema) } })

const errorResponse = (description: string) => ({ description, content: json(ApiErrorSchema) })

const INVALID_INPUT = 'Invalid input, by field (VALIDATION_FAILED), a body that is not JSON (MALFORMED_JSON) or an unsupported currency'
const UNAVAILABLE = 'The database cannot be reached for a moment, or this server is shutting down (SERVICE_UNAVAILABLE); `Retry-After` says when to try again'
/** every route can answer 400 and 503 for these reasons: a route's own reasons come on top */
const besides = (own: string | undefined, common: string) => (own ? `${own}. Also: ${common}` : common)

interface RouteDoc {
  summary: string
  tags: string[]
  /** the success body; omit for a redirect */
  response?: v.GenericSchema
  /** answers 201 Created */
  created?: boolean
  /** answers with a redirect (302) instead of JSON */
  redirect?: boolean
  /** answers plain text instead of JSON (a protocol's own answer, e.g. ECPay's `1|OK`) */
  text?: boolean
  /** needs `Authorization: Bearer <token>` */
  auth?: boolean
  notFound?: boolean
  /** further error answers, by status */
  errors?: Record<number, string>
}

/** OpenAPI description of an endpoint: its success body plus the error bodies it can answer. */
export const documented = (options: RouteDoc) =>
  describeRoute({
    summary: options.summary,
    tags: options.tags,
    ...(options.auth ? { security: [{ bearer: [] }] } : {}),
    parameters: [
      { name: 'X-localization', in: 'header', required: false, schema: { type: 'string', enum: ['zh_tw', 'en', 'ja'], default: 'zh_tw' } },
      { name: 'currency', in: 'header', required: false, schema: { type: 'string', enum: ['TWD'], default: 'TWD' } },
    ],
    responses: {
      ...(options.redirect ? { 302: { description: 'Redirect to the PWA' } } : {}),
      ...(options.text ? { 200: { description: 'OK', content: { 'text/plain': { schema: { type: 'string' as const } } } } } : {}),
      ...(options.response ? { [options.created ? 201 : 200]: { description: options.created ? 'Created' : 'OK', content: json(options.response) } } : {}),
      400: errorResponse(besides(options.errors?.[400], INVALID_INPUT)),
      ...(options.auth ? { 401: errorResponse('Missing, expired or revoked token (UNAUTHENTICATED)') } : {}),
      ...(options.notFound ? { 404: errorResponse('Not found') } : {}),
      // answered by the HTTP server itself (server/lib/http-server.ts), before any route sees the request
      408: errorResponse('The request’s headers took over HTTP_HEADERS_TIMEOUT_SECONDS, or the whole request over HTTP_REQUEST_TIMEOUT_SECONDS, to arrive (REQUEST_TIMEOUT); the connection is closed'),
      413: errorResponse('A body over the limit: 64 KB of JSON (PAYLOAD_TOO_LARGE)'),
      431: errorResponse('The request’s address and headers over 16 KB together (REQUEST_HEADER_TOO_LARGE, detail.limit_bytes); the connection is closed'),
      ...Object.fromEntries(
        Object.entries(options.errors ?? {})
          .filter(([status]) => status !== '400' && status !== '503')
          .map(([status, description]) => [status, errorResponse(description)]),
      ),
      500: errorResponse('Unexpected failure'),
      503: errorResponse(besides(options.errors?.[503], UNAVAILABLE)),
    },
  })
