import { useSnapshot } from 'valtio'
import { useHydrated } from '@/lib/use-hydrated'
import { cartBadge } from '../stores/cart-badge'

/** How many pieces the cart holds, for badges; needs no cart store. */
export const useCartCount = (): number => {
  const { count } = useSnapshot(cartBadge)
  // the server drew an empty cart
  return useHydrated() ? count : 0
}

/** How many of a variant the cart holds; needs no cart store. */
export const useQuantityInCart = (variantId: number | undefined): number => {
  const { byVariant } = useSnapshot(cartBadge)
  const hydrated = useHydrated()
  return variantId === undefined || !hydrated ? 0 : (byVariant[variantId] ?? 0)
}
