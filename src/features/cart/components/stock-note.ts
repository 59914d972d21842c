import { t } from '@lingui/core/macro'
import type { CartItem } from '../stores/cart-rules'
import { MAX_LINE_QUANTITY } from '../stores/line-limit'

/** Stock at or below this is pointed out on every line. */
const LOW_STOCK = 5

/**
 * What a cart line says about its quantity, in the active language; `warn` when the line cannot be
 * ordered as it is. A line is held either by the stock left (a pre-order's allocation) or, when
 * there is more, by the per-order limit: each is named for what it is.
 */
export function stockNote(line: Pick<CartItem, 'quantity' | 'max_quantity' | 'stock_type'>): { text: string; warn: boolean } | null {
  const max = line.max_quantity
  if (max === 0) return { text: t`Sold out: remove it to continue.`, warn: true }
  if (line.quantity > max) return { text: t`Only ${max} left: please lower the quantity.`, warn: true }
  // below the per-order limit, the stock is what stops the line
  if (max < MAX_LINE_QUANTITY) {
    if (line.stock_type === 'PRE_ORDER') return { text: t`Pre-order: only ${max} left.`, warn: false }
    if (max <= LOW_STOCK || line.quantity === max) return { text: t`Only ${max} left.`, warn: false }
    return null
  }
  return line.quantity === max ? { text: t`At most ${max} per order.`, warn: false } : null
}
