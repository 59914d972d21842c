import { useSnapshot } from 'valtio'
import type { CartItem, CartNotice } from '../stores/cart-rules'
import { cart } from '../stores/cart-store'

/** The cart as components see it; re-renders when it changes. */
export function useCart() {
  const { lines, notices, owner } = useSnapshot(cart.state)
  const { ready, syncing, problem } = useSnapshot(cart.status)
  // snapshots are deeply read-only; components only read them
  return { lines: lines as CartItem[], notices: notices as CartNotice[], member: owner === 'member', ready, syncing, problem }
}
