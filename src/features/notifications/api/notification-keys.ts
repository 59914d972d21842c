import { MEMBER_QUERY_ROOT } from '@/lib/query-client'

/**
 * Every query of the member's notifications sits under this key: a change (read, read all, a new
 * one in real time) refreshes them all, they are kept in IndexedDB with the rest of the member's
 * data (messages seen once stay readable offline) and dropped at sign-out.
 */
export const NOTIFICATIONS_KEY = [MEMBER_QUERY_ROOT, 'notifications'] as const
