import { MEMBER_QUERY_ROOT } from '@/lib/query-client'

/** The member's checkout data (quotes) sits under this key, so signing out drops it. */
export const CHECKOUT_KEY = [MEMBER_QUERY_ROOT, 'checkout'] as const
