import type { CartLine } from '../../../../contract/cart'
import type { Locale } from '../../../../contract/constants'
import { sendCartChange } from './cart-request'

/** Removes a line; removing a line that is already gone is not an error. */
export const removeCartLine = (lineId: number, { locale, key }: { locale: Locale; key: string }): Promise<CartLine[]> => sendCartChange('DELETE', `/cart/${lineId}`, { locale, key })
