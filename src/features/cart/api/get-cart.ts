import type { CartLine } from '../../../../contract/cart'
import type { Locale } from '../../../../contract/constants'
import { apiGet } from '@/lib/api-client'

/** The member's cart as the server holds it, with current prices and stock. */
export const getCart = (locale: Locale): Promise<CartLine[]> => apiGet<{ data: CartLine[] }>('/cart', { locale }).then((r) => r.data)
