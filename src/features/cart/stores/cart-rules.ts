import type { CartLine } from '../../../../contract/cart'
import type { StockType } from '../../../../contract/constants'

// The rules the first page needs (adding, setting, removing) import no schema: contract/cart's
// valibot schemas are built when that module loads. Limits from the stock are in line-limit.ts.

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

/** Applies a queued change to lines on this device (to show it before the server has it). */
export function applyChange(lines: readonly CartItem[], change: CartChange, newId: () => string): CartItem[] {
  switch (change.kind) {
    case 'add':
      return addItem(lines, change.item, change.quantity, newId).lines
    case 'merge':
      return change.items.reduce<CartItem[]>((acc, { quantity, ...item }) => addItem(acc, item, quantity, newId).lines, [...lines])
    case 'set': {
      const line = lines.find((l) => l.variant_id === change.variant_id)
      return line ? setItemQuantity(lines, line.id, change.quantity).lines : [...lines]
    }
    case 'remove':
      return lines.filter((l) => l.variant_id !== change.variant_id)
  }
}

/** A line of the server's cart, keeping this device's id for a variant it already shows. */
export function fromServer(line: CartLine, previous: readonly CartItem[]): CartItem {
  const known = previous.find((l) => l.variant_id === line.variant_id)
  return {
    id: known?.id ?? `s${line.id}`,
    server_id: line.id,
    product_id: line.product_id,
    variant_id: line.variant_id,
    image: line.image,
    label: line.label,
    type: line.type,
    quantity: line.quantity,
    price: line.price,
    arrival_date: line.arrival_date,
    stock_type: line.stock_type,
    max_quantity: line.max_quantity,
  }
}

/**
 * The differences the shopper must be told about between the cart they saw and the server's:
 * a new price, a quantity cut to (or now above) the stock left, a line no longer there. A stock
 * notice's `from` is the quantity wanted, `to` the most there is. Lines the server added
 * (from another device) and quantities it raised are no surprise and are not reported.
 */
export function compareCarts(seen: readonly CartItem[], now: readonly CartItem[], newId: () => string): CartNotice[] {
  const notices: CartNotice[] = []
  for (const before of seen) {
    const after = now.find((l) => l.variant_id === before.variant_id)
    const { label, type } = after ?? before
    if (!after) {
      notices.push({ id: newId(), kind: 'gone', label, type })
      continue
    }
    if (after.price !== before.price) notices.push({ id: newId(), kind: 'price', label, type, from: before.price, to: after.price })
    if (after.quantity < before.quantity && after.quantity >= after.max_quantity) {
      notices.push({ id: newId(), kind: 'stock', label, type, from: before.quantity, to: after.quantity })
    } else if (after.quantity > after.max_quantity && before.quantity <= before.max_quantity) {
      // the server keeps the quantity and reports the stock: the shopper decides what to do
      notices.push({ id: newId(), kind: 'stock', label, type, from: after.quantity, to: after.max_quantity })
    }
  }
  return notices
}

export interface CartProductGroup {
  product_id: number
  label: string
  image: string
  variants: CartItem[]
}

/** Lines grouped by product, in the order the products first appear. */
export function groupByProduct(lines: readonly CartItem[]): CartProductGroup[] {
  const groups = new Map<number, CartProductGroup>()
  for (const line of lines) {
    const group = groups.get(line.product_id)
    if (group) group.variants.push(line)
    else groups.set(line.product_id, { product_id: line.product_id, label: line.label, image: line.image, variants: [line] })
  }
  return [...groups.values()]
}

/** How many pieces the cart holds (the badge's number). */
export const itemCount = (lines: readonly Pick<CartItem, 'quantity'>[]): number => lines.reduce((sum, line) => sum + line.quantity, 0)

export const subtotalOf = (lines: readonly Pick<CartItem, 'quantity' | 'price'>[]): number => lines.reduce((sum, line) => sum + line.quantity * line.price, 0)
