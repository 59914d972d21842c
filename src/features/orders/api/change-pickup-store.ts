import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Order } from '../../../../contract/order'
import { apiPost } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { orderQueryOptions } from './get-order'

/** Another store for a parcel whose 7-ELEVEN store closed: the pick the map sent back for this order. */
export function useChangePickupStore(no: string) {
  const locale = useLocale()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (tradeNo: string) => apiPost<{ data: Order }>(`/ec-order/${encodeURIComponent(no)}/pickup-store`, { store_pick: tradeNo }, { locale }).then((r) => r.data),
    onSuccess: (order) => queryClient.setQueryData(orderQueryOptions(locale, order.no).queryKey, order),
  })
}
