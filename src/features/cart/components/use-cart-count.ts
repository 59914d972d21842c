import { useSnapshot } from 'valtio'
import { cartBadge } from '../stores/cart-badge'

/** How many pieces the cart holds, for badges; needs no cart store. */
export const useCartCount = (): number => useSnapshot(cartBadge).count

/** How many of a variant the cart holds; needs no cart store. */
export const useQuantityInCart = (variantId: number | undefined): number => {
  const { byVariant } = useSnapshot(cartBadge)
  return variantId === undefined ? 0 : (byVariant[variantId] ?? 0)
}
