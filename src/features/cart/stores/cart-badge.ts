import { get } from 'idb-keyval'
import { proxy } from 'valtio'
import type { CartStore } from './cart-store'

// Every page shows the cart's count, but only some need the cart itself (the product page, the cart
// page, the dropdown, a member's session): the count is read from storage here, and the store is
// loaded where it is used and announces itself.

export const CART_STORAGE_KEY = 'cart'
export const CART_CHANNEL = 'shop-cart'

/** How many pieces the stored cart holds, for badges. */
export const cartBadge = proxy({ count: 0 })

interface StoredShape {
  owner?: unknown
  lines?: unknown
}

/** The pieces in a stored cart (what cart-store.ts writes); anything unreadable counts as nothing. */
export function countStored(stored: unknown): number {
  const lines = (stored as StoredShape | undefined)?.lines
  if (!Array.isArray(lines)) return 0
  return lines.reduce<number>((sum, line) => {
    const quantity = (line as { quantity?: unknown } | null)?.quantity
    return typeof quantity === 'number' && Number.isFinite(quantity) && quantity >= 1 ? sum + quantity : sum
  }, 0)
}

/** Whether the stored cart is a member's (so the store must follow the session and the server). */
export const storedForMember = (stored: unknown): boolean => (stored as StoredShape | undefined)?.owner === 'member'

export const readStoredCart = (): Promise<unknown> => get(CART_STORAGE_KEY).catch(() => undefined)

let loaded: CartStore | undefined
const waiting = new Set<(store: CartStore) => void>()

/** Called by the store's module once, when it loads. */
export function announceStore(store: CartStore): void {
  loaded = store
  for (const run of waiting) run(store)
  waiting.clear()
}

/** Runs `run` with the store as soon as it is loaded (at once if it is). */
export function whenStoreLoads(run: (store: CartStore) => void): void {
  if (loaded) run(loaded)
  else waiting.add(run)
}

export const storeIfLoaded = (): CartStore | undefined => loaded
