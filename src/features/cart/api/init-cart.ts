import type { CartLine, CartLineInput } from '../../../../contract/cart'
import type { Locale } from '../../../../contract/constants'
import { sendCartChange } from './cart-request'

/** Merges the browser's lines into the member's cart: quantities added, capped at stock. */
export const initCart = (items: CartLineInput[], { locale, key }: { locale: Locale; key: string }): Promise<CartLine[]> => sendCartChange('POST', '/init-cart', { locale, key, body: { items } })
