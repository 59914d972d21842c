import type { CartLine } from '../../../../contract/cart'
import type { Locale } from '../../../../contract/constants'
import { sendCartChange } from './cart-request'

/** Sets a line's quantity (the server caps it at stock). */
export const updateCartLine = (lineId: number, quantity: number, { locale, key }: { locale: Locale; key: string }): Promise<CartLine[]> =>
  sendCartChange('PUT', `/cart/${lineId}`, { locale, key, body: { quantity } })
