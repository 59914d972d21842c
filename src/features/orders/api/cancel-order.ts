import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { Order } from '../../../../contract/order'
import { apiPost } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { orderQueryOptions } from './get-order'
import { ORDERS_KEY } from './orders-keys'

/** Cancels an order that has not shipped; a paid one is refunded, stock and coupon are given back. */
export const cancelOrder = (no: string, locale: Locale): Promise<Order> => apiPost<{ data: Order }>(`/ec-order/${encodeURIComponent(no)}/cancel`, undefined, { locale }).then((r) => r.data)

export function useCancelOrder() {
  const locale = useLocale()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (no: string) => cancelOrder(no, locale),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryOptions(locale, order.no).queryKey, order)
      void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] })
    },
  })
}
