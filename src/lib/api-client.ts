import { msg } from '@lingui/core/macro'
import { COOKIES, DEFAULT_CURRENCY, type Locale } from '../../contract/constants'
import type { ApiErrorBody, ErrorDetail } from '../../contract/errors'
import { getCookie } from './cookies'
import { i18n } from './i18n'

export const API_BASE = '/api/v1'

/** Codes the client adds to the server's ERROR_CODES for failures that never reached a JSON body. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'BAD_RESPONSE'

export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail: ErrorDetail = {},
  ) {
    super(message)
  }

  get isNotFound(): boolean {
    return this.status === 404
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

function isErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false
  const error = (body as { error: unknown }).error
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' && typeof (error as { message?: unknown }).message === 'string'
}

function pickDetail(detail: unknown): ErrorDetail {
  if (typeof detail !== 'object' || detail === null) return {}
  const out: ErrorDetail = {}
  for (const [field, messages] of Object.entries(detail)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string')
  }
  return out
}

/** Turns a non-2xx response into an ApiError, keeping the server's code, message and field detail. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = undefined
  }
  if (isErrorBody(body)) return new ApiError(response.status, body.error.code, body.error.message, pickDetail(body.error.detail))
  if (response.status === 404) return new ApiError(404, 'NOT_FOUND', i18n._(msg`This page could not be found`))
  return new ApiError(response.status, response.status >= 500 ? 'INTERNAL_ERROR' : 'BAD_RESPONSE', i18n._(msg`Oops, something went wrong`))
}

export type QueryValue = string | number | boolean | null | undefined

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue
    params.set(key, String(value))
  }
  const qs = params.toString()
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`
}

export interface RequestOptions {
  locale: Locale
  query?: Record<string, QueryValue>
  signal?: AbortSignal
}

export async function apiGet<T>(path: string, { locale, query, signal }: RequestOptions): Promise<T> {
  let response: Response
  try {
    response = await fetch(buildUrl(path, query), {
      headers: {
        Accept: 'application/json',
        'X-localization': locale,
        currency: getCookie(COOKIES.currency) ?? DEFAULT_CURRENCY,
      },
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0, 'NETWORK_ERROR', i18n._(msg`Cannot reach the shop. Check your connection and try again.`))
  }
  if (!response.ok) throw await toApiError(response)
  try {
    return (await response.json()) as T
  } catch {
    throw new ApiError(response.status, 'BAD_RESPONSE', i18n._(msg`Oops, something went wrong`))
  }
}
