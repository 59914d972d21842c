import { MEMBER_QUERY_ROOT } from '@/lib/query-client'

/** Every order query sits under this key: placing, paying or cancelling an order refreshes them all. */
export const ORDERS_KEY = [MEMBER_QUERY_ROOT, 'orders'] as const
