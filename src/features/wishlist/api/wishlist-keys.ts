import { MEMBER_QUERY_ROOT } from '../../../lib/query-client'

/** Every favourites query sits under this key: adding or removing one reloads them all (spec section 4). */
export const WISHLIST_KEY = [MEMBER_QUERY_ROOT, 'wishlist'] as const
