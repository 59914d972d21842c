import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { Order } from '../../../../contract/order'
import type { Paged } from '../../../../contract/page'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { ORDERS_KEY } from './orders-keys'

/** current: PROCESSING and TRANSPORTING orders (`GET /ec-order`); history: COMPLETED and CANCEL (`GET /ec-order/history`). */
export type OrderListKind = 'current' | 'history'

export const ORDERS_PER_PAGE = 10

export const getOrders = (kind: OrderListKind, page: number, locale: Locale, signal?: AbortSignal): Promise<Paged<Order>> =>
  apiGet<Paged<Order>>(kind === 'current' ? '/ec-order' : '/ec-order/history', { locale, signal, query: { page, per_page: ORDERS_PER_PAGE } })

export const ordersQueryOptions = (locale: Locale, kind: OrderListKind, page: number) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'list', locale, kind, page],
    queryFn: ({ signal }) => getOrders(kind, page, locale, signal),
    placeholderData: keepPreviousData,
  })

export const useOrders = (kind: OrderListKind, page: number) => useQuery(ordersQueryOptions(useLocale(), kind, page))
