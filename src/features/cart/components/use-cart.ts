import { useSnapshot } from 'valtio'
import type { CartItem, CartNotice } from '../stores/cart-rules'
import { useHydrated } from '@/lib/use-hydrated'
import { cart } from '../stores/cart-store'

/** The cart as components see it; re-renders when it changes. */
export function useCart() {
  const { lines, notices, owner } = useSnapshot(cart.state)
  const { ready, syncing, problem } = useSnapshot(cart.status)
  // the server drew an empty cart, still loading
  if (!useHydrated()) return { lines: [] as CartItem[], notices: [] as CartNotice[], member: false, ready: false, syncing: false, problem: null }
  // snapshots are deeply read-only; components only read them
  return { lines: lines as CartItem[], notices: notices as CartNotice[], member: owner === 'member', ready, syncing, problem }
}
