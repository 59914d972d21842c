import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { Order } from '../../../../contract/order'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { ORDERS_KEY } from './orders-keys'

/** One of the member's orders; an unpaid one is first brought up to date with Stripe by the server. */
export const getOrder = (no: string, locale: Locale, signal?: AbortSignal): Promise<Order> =>
  apiGet<{ data: Order }>(`/ec-order/${encodeURIComponent(no)}`, { locale, signal }).then((r) => r.data)

export const orderQueryOptions = (locale: Locale, no: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'detail', locale, no],
    queryFn: ({ signal }) => getOrder(no, locale, signal),
    staleTime: 5_000,
  })

/** `poll`: how often to ask again (ms) while the payment is being confirmed, or false. */
export const useOrder = (no: string, poll: (order: Order | undefined) => number | false = () => false) =>
  useQuery({ ...orderQueryOptions(useLocale(), no), refetchInterval: (query) => poll(query.state.data) })
