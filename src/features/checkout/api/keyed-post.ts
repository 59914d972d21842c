import { msg } from '@lingui/core/macro'
import { COOKIES, DEFAULT_CURRENCY, type Locale } from '../../../../contract/constants'
import { ApiError, buildUrl, getAuthToken, toApiError } from '../../../lib/api-client'
import { getCookie } from '../../../lib/cookies'
import { i18n } from '../../../lib/i18n'

/**
 * A POST with an Idempotency-Key header. The shared client has no way to add a header, so the
 * request carries the same headers it sends (locale, currency, bearer token) and fails with the
 * same ApiError shape.
 */
export async function keyedPost<T>(path: string, body: unknown, { locale, key }: { locale: Locale; key: string }): Promise<T> {
  const token = getAuthToken()
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'X-localization': locale,
    currency: getCookie(COOKIES.currency) ?? DEFAULT_CURRENCY,
    'Idempotency-Key': key,
  }
  if (token) headers.Authorization = `Bearer ${token}`
  let response: Response
  try {
    response = await fetch(buildUrl(path), { method: 'POST', headers, body: JSON.stringify(body) })
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', i18n._(msg`Cannot reach the shop. Check your connection and try again.`))
  }
  if (!response.ok) throw await toApiError(response)
  try {
    return (await response.json()) as T
  } catch {
    throw new ApiError(response.status, 'BAD_RESPONSE', i18n._(msg`Oops, something went wrong`))
  }
}
