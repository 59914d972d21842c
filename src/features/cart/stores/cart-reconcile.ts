import type { CartLine } from '../../../../contract/cart'
import { addItem, setItemQuantity, type CartChange, type CartItem, type CartNotice } from './cart-rules'

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
