import type { CartLine, CartLineInput } from '../../../../contract/cart'
import type { Locale } from '../../../../contract/constants'
import { sendCartChange } from './cart-request'

/** Adds a variant to the member's cart (the same variant raises the quantity, capped at stock). */
export const addCartLine = (line: CartLineInput, { locale, key }: { locale: Locale; key: string }): Promise<CartLine[]> => sendCartChange('POST', '/cart', { locale, key, body: line })
