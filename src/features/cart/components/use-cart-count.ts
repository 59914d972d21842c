import { useSnapshot } from 'valtio'
import { cartBadge } from '../stores/cart-badge'

/** How many pieces the cart holds, for badges; needs no cart store. */
export const useCartCount = (): number => useSnapshot(cartBadge).count
