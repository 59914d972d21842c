import { get } from 'idb-keyval'
import { proxy } from 'valtio'
import type { LoadedCart } from './cart-types'

// Every page shows the cart's count, but only some need the cart itself (the product page, the cart
// page, the dropdown, a member's session): the count is read from storage here, and the store is
// loaded where it is used and announces itself.

export const CART_STORAGE_KEY = 'cart'
export const CART_CHANNEL = 'shop-cart'

/** How many pieces the stored cart holds (for badges), and how many of each variant (for 'Add to cart'). */
export const cartBadge = proxy({ count: 0, byVariant: {} as Record<number, number> })

interface StoredShape {
  owner?: unknown
  lines?: unknown
}

/** Shows the pieces of a cart's lines (what cart-store.ts keeps); anything unreadable counts as nothing. */
export function showLines(lines: unknown): void {
  let count = 0
  const byVariant: Record<number, number> = {}
  for (const line of Array.isArray(lines) ? lines : []) {
    const { quantity, variant_id: variant } = (line ?? {}) as { quantity?: unknown; variant_id?: unknown }
    if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity < 1 || typeof variant !== 'number') continue
    count += quantity
    byVariant[variant] = (byVariant[variant] ?? 0) + quantity
  }
  cartBadge.count = count
  cartBadge.byVariant = byVariant
}

export const showStored = (stored: unknown): void => showLines((stored as StoredShape | undefined)?.lines)

/** Whether the stored cart is a member's (so the store must follow the session and the server). */
export const storedForMember = (stored: unknown): boolean => (stored as StoredShape | undefined)?.owner === 'member'

export const readStoredCart = (): Promise<unknown> => get(CART_STORAGE_KEY).catch(() => undefined)

let loaded: LoadedCart | undefined
const waiting = new Set<(store: LoadedCart) => void>()

/** Called by the store's module once, when it loads. */
export function announceStore(store: LoadedCart): void {
  loaded = store
  for (const run of waiting) run(store)
  waiting.clear()
}

/** Runs `run` with the store as soon as it is loaded (at once if it is). */
export function whenStoreLoads(run: (store: LoadedCart) => void): void {
  if (loaded) run(loaded)
  else waiting.add(run)
}

export const storeIfLoaded = (): LoadedCart | undefined => loaded
