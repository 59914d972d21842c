import type { CartLine } from '../../../../contract/cart'
import type { Locale } from '../../../../contract/constants'
import { apiRequest } from '@/lib/api-client'

/**
 * Sends one change to the member's cart with its Idempotency-Key and returns the whole cart the
 * server answers with.
 */
export const sendCartChange = (method: 'POST' | 'PUT' | 'DELETE', path: string, { locale, key, body }: { locale: Locale; key: string; body?: unknown }): Promise<CartLine[]> =>
  apiRequest<{ data: CartLine[] }>(method, path, { locale, body, idempotencyKey: key }).then((answer) => answer.data)
