import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { Order } from '../../../../contract/order'
import { apiPost } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { orderQueryOptions } from './get-order'
import { ORDERS_KEY } from './orders-keys'

/** 'Pay again' (or pay an unpaid order): answers the order with a `payment.client_secret` to confirm. */
export const payOrder = (no: string, locale: Locale): Promise<Order> => apiPost<{ data: Order }>(`/ec-order/${encodeURIComponent(no)}/pay`, undefined, { locale }).then((r) => r.data)

export function usePayOrder() {
  const locale = useLocale()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (no: string) => payOrder(no, locale),
    onSuccess: async (order) => {
      // a refetch already under way (a payment notification arriving meanwhile) may carry the order
      // from before this attempt, without its client secret: it must not land over the answer
      await queryClient.cancelQueries({ queryKey: orderQueryOptions(locale, order.no).queryKey })
      queryClient.setQueryData(orderQueryOptions(locale, order.no).queryKey, order)
      void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] })
    },
  })
}
