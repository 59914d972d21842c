import { msg } from '@lingui/core/macro'
import type { Locale } from '../../contract/constants'
import type { ApiErrorBody, ErrorDetail } from '../../contract/errors'
import { resetCurrency, shopCurrency } from './currency'
import { environmentFetch } from './environment'
import { i18n } from './i18n'

export const API_BASE = '/api/v1'

export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly status: number,
    /** one of the server's ERROR_CODES, or NETWORK_ERROR / BAD_RESPONSE for a failure that never reached a JSON body */
    readonly code: string,
    message: string,
    readonly detail: ErrorDetail = {},
  ) {
    super(message)
  }

  get isNotFound(): boolean {
    return this.status === 404
  }

  /** The first message the server gave for a field, if any. */
  fieldMessage(field: string): string | undefined {
    const messages = this.detail[field]
    return Array.isArray(messages) ? messages[0] : undefined
  }

  /** A numeric fact of the error (`lock_minutes`, `retry_after`), if present. */
  detailNumber(key: string): number | undefined {
    const value = this.detail[key]
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

function isErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false
  const error = (body as { error: unknown }).error
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' && typeof (error as { message?: unknown }).message === 'string'
}

/** Field messages (lists of strings) and numeric facts such as lock_minutes; anything else is dropped. */
function pickDetail(detail: unknown): ErrorDetail {
  if (typeof detail !== 'object' || detail === null) return {}
  const out: ErrorDetail = {}
  for (const [field, value] of Object.entries(detail)) {
    if (Array.isArray(value)) out[field] = value.filter((m): m is string => typeof m === 'string')
    else if (typeof value === 'number' && Number.isFinite(value)) out[field] = value
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

// ---- the member's bearer token ------------------------------------------------
// The auth feature owns the session; the client only carries its token and reports when the
// server no longer accepts it (shared code may not import a feature, so the feature registers here).

let bearerToken: string | null = null
let unauthenticatedListener: ((token: string) => void) | undefined

const tokenListeners = new Set<(token: string | null, previous: string | null) => void>()

export function setAuthToken(token: string | null): void {
  const previous = bearerToken
  bearerToken = token
  if (previous !== token) for (const listener of tokenListeners) listener(token, previous)
}

/**
 * Tells other features (cart, favourites) when the session's token changes: a sign-in (null ->
 * token), a sign-out or expiry (token -> null). Returns the unsubscribe function.
 */
export function onAuthTokenChange(listener: (token: string | null, previous: string | null) => void): () => void {
  tokenListeners.add(listener)
  return () => tokenListeners.delete(listener)
}

export const getAuthToken = (): string | null => bearerToken

/** Called with the token that was refused when the server answers 401 to a signed-in request. */
export function onUnauthenticated(listener: ((token: string) => void) | undefined): void {
  unauthenticatedListener = listener
}

export interface RequestOptions {
  locale: Locale
  query?: Record<string, QueryValue>
  signal?: AbortSignal
  /** sent as `Idempotency-Key`: the server answers a repeat of the same change without applying it again */
  idempotencyKey?: string
}

export interface BodyRequestOptions extends RequestOptions {
  body?: unknown
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export async function apiRequest<T>(method: Method, path: string, { locale, query, signal, body, idempotencyKey }: BodyRequestOptions): Promise<T> {
  const token = bearerToken
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-localization': locale,
    currency: shopCurrency(),
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey
  let response: Response
  try {
    response = await environmentFetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0, 'NETWORK_ERROR', i18n._(msg`Cannot reach the shop. Check your connection and try again.`))
  }
  if (!response.ok) {
    const error = await toApiError(response)
    if (response.status === 401 && token && error.code === 'UNAUTHENTICATED') unauthenticatedListener?.(token)
    // a page saved by an older version may offer a currency the server has since dropped: the next
    // attempt (the error page's "Try again") asks in the shop's own
    if (error.code === 'UNSUPPORTED_CURRENCY') resetCurrency()
    throw error
  }
  try {
    return (await response.json()) as T
  } catch {
    throw new ApiError(response.status, 'BAD_RESPONSE', i18n._(msg`Oops, something went wrong`))
  }
}

export const apiGet = <T>(path: string, options: RequestOptions): Promise<T> => apiRequest<T>('GET', path, options)
export const apiPost = <T>(path: string, body: unknown, options: RequestOptions): Promise<T> => apiRequest<T>('POST', path, { ...options, body })
export const apiPut = <T>(path: string, body: unknown, options: RequestOptions): Promise<T> => apiRequest<T>('PUT', path, { ...options, body })
export const apiDelete = <T>(path: string, options: RequestOptions): Promise<T> => apiRequest<T>('DELETE', path, options)
