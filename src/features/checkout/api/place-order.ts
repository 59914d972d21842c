import { useMutation } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { CreateOrderInput, Order } from '../../../../contract/order'
import { apiPost } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

/**
 * Places the order under an Idempotency-Key: the same key answers the same order, so a retry after
 * a lost answer (or a second click) never buys twice. The answer holds `payment.client_secret`.
 */
export const placeOrder = (input: CreateOrderInput, key: string, locale: Locale): Promise<Order> =>
  apiPost<{ data: Order }>('/ec-order', input, { locale, idempotencyKey: key }).then((r) => r.data)

export function usePlaceOrder() {
  const locale = useLocale()
  return useMutation({ mutationFn: ({ input, key }: { input: CreateOrderInput; key: string }) => placeOrder(input, key, locale) })
}
