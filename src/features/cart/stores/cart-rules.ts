import type { StockType } from '../../../../contract/constants'

// The rules every page needs (adding, setting, removing). Reconciling with the server's cart is in
// cart-reconcile.ts and grouping for display in cart-groups.ts, so that they load only where used;
// limits from the stock are in line-limit.ts (contract/cart builds its schemas when it loads).

/** A cart line as the shop keeps it: the spec's cart item plus what the rules need. */
export interface CartItem {
  /** stable on this device, so the screen and queued changes can name a line */
  id: string
  /** the server's line id, once the member's cart on the server holds it */
  server_id: number | null
  product_id: number
  variant_id: number
  image: string
  /** the product's name */
  label: string
  /** the variant's label */
  type: string
  quantity: number
  /** unit price, integer TWD */
  price: number
  /** estimated arrival, yyyy-MM-dd */
  arrival_date: string
  stock_type: StockType
  /** the most this line may hold: the variant's stock (a pre-order's allocation), at most MAX_LINE_QUANTITY */
  max_quantity: number
}

/** What adding needs to know about a variant. */
export type NewCartItem = Omit<CartItem, 'id' | 'server_id' | 'quantity'>

/**
 * A change to a member's cart waiting for the server, in the order it was made. Each carries its
 * own Idempotency-Key, so replaying it (after a lost answer, a crash, a second tab) changes nothing.
 * Lines are named by variant: a line added offline has no server id until its add is replayed.
 */
export type CartChange =
  | { kind: 'add'; key: string; item: NewCartItem; quantity: number }
  | { kind: 'set'; key: string; variant_id: number; quantity: number }
  | { kind: 'remove'; key: string; variant_id: number }
  /** the visitor's cart joining the member's at sign-in */
  | { kind: 'merge'; key: string; items: (NewCartItem & { quantity: number })[] }

/** Something the server's cart said that differs from what the shopper saw. */
export type CartNotice =
  | { id: string; kind: 'price'; label: string; type: string; from: number; to: number }
  /** `from` is the quantity wanted, `to` the most the stock allows now */
  | { id: string; kind: 'stock'; label: string; type: string; from: number; to: number }
  | { id: string; kind: 'gone'; label: string; type: string }

const clampQuantity = (quantity: number, max: number) => Math.max(0, Math.min(Math.floor(quantity), max))

export type AddResult =
  /** the whole quantity was added */
  | { status: 'added'; added: number; quantity: number }
  /** part of it: the line reached its limit */
  | { status: 'capped'; added: number; quantity: number }
  /** nothing: the line already holds the most it may */
  | { status: 'at-limit'; added: 0; quantity: number }
  /** nothing: the variant has no stock */
  | { status: 'sold-out'; added: 0; quantity: 0 }

/** Adding the same product and type raises that line's quantity (never above its limit); otherwise a new line. */
export function addItem(lines: readonly CartItem[], item: NewCartItem, quantity: number, newId: () => string): { lines: CartItem[]; result: AddResult } {
  const wanted = Math.max(1, Math.floor(quantity))
  const existing = lines.find((line) => line.product_id === item.product_id && line.variant_id === item.variant_id)
  const max = item.max_quantity
  if (max <= 0) return { lines: [...lines], result: { status: 'sold-out', added: 0, quantity: 0 } }
  if (!existing) {
    const next = Math.min(wanted, max)
    const line: CartItem = { ...item, id: newId(), server_id: null, quantity: next }
    return { lines: [...lines, line], result: { status: next < wanted ? 'capped' : 'added', added: next, quantity: next } }
  }
  const next = Math.min(existing.quantity + wanted, max)
  const added = Math.max(0, next - existing.quantity)
  // the freshest facts about the variant come with the add
  const updated: CartItem = { ...existing, ...item, id: existing.id, server_id: existing.server_id, quantity: next }
  const result: AddResult = added === 0 ? { status: 'at-limit', added: 0, quantity: next } : { status: added < wanted ? 'capped' : 'added', added, quantity: next }
  return { lines: lines.map((line) => (line === existing ? updated : line)), result }
}

/** Sets a line's quantity by its id, kept between 1 and the line's limit. Unknown ids change nothing. */
export function setItemQuantity(lines: readonly CartItem[], id: string, quantity: number): { lines: CartItem[]; line: CartItem | undefined } {
  const existing = lines.find((line) => line.id === id)
  if (!existing || !Number.isFinite(quantity)) return { lines: [...lines], line: undefined }
  const next = Math.max(1, clampQuantity(quantity, existing.max_quantity))
  if (next === existing.quantity || existing.max_quantity <= 0) return { lines: [...lines], line: existing }
  const updated = { ...existing, quantity: next }
  return { lines: lines.map((line) => (line === existing ? updated : line)), line: updated }
}

export function removeItem(lines: readonly CartItem[], id: string): { lines: CartItem[]; line: CartItem | undefined } {
  const line = lines.find((l) => l.id === id)
  return { lines: lines.filter((l) => l.id !== id), line }
}

/** How many pieces the cart holds (the badge's number). */
export const itemCount = (lines: readonly Pick<CartItem, 'quantity'>[]): number => lines.reduce((sum, line) => sum + line.quantity, 0)
