import { msg } from '@lingui/core/macro'
import type { CartLine } from '../../../../contract/cart'
import { COOKIES, DEFAULT_CURRENCY, type Locale } from '../../../../contract/constants'
import { ApiError, buildUrl, getAuthToken, toApiError } from '../../../lib/api-client'
import { getCookie } from '../../../lib/cookies'
import { i18n } from '../../../lib/i18n'

/**
 * Sends one change to the member's cart with its Idempotency-Key and returns the whole cart the
 * server answers with. The shared client has no way to add a header, so the request is built here
 * with the same headers it sends (locale, currency, bearer token) and the same error shape.
 */
export async function sendCartChange(method: 'POST' | 'PUT' | 'DELETE', path: string, { locale, key, body }: { locale: Locale; key: string; body?: unknown }): Promise<CartLine[]> {
  const token = getAuthToken()
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-localization': locale,
    currency: getCookie(COOKIES.currency) ?? DEFAULT_CURRENCY,
    'Idempotency-Key': key,
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  let response: Response
  try {
    response = await fetch(buildUrl(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', i18n._(msg`Cannot reach the shop. Check your connection and try again.`))
  }
  if (!response.ok) throw await toApiError(response)
  try {
    return ((await response.json()) as { data: CartLine[] }).data
  } catch {
    throw new ApiError(response.status, 'BAD_RESPONSE', i18n._(msg`Oops, something went wrong`))
  }
}
