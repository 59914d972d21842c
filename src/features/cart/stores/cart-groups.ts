import type { CartItem } from './cart-rules'

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

export const subtotalOf = (lines: readonly Pick<CartItem, 'quantity' | 'price'>[]): number => lines.reduce((sum, line) => sum + line.quantity * line.price, 0)
