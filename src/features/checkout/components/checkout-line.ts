import type { CartLineInput } from '../../../../contract/cart'

/** A line of the cart as the payment page needs it; the route hands the cart's lines over in this shape. */
export interface CheckoutLine {
  product_id: number
  variant_id: number
  quantity: number
  /** the product's name */
  name: string
  /** the variant's label */
  type: string
  image: string
  /** unit price as the cart last saw it; the quote's price is what counts */
  price: number
  max_quantity: number
}

export const lineInputs = (lines: readonly CheckoutLine[]): CartLineInput[] =>
  lines.map(({ product_id, variant_id, quantity }) => ({ product_id, variant_id, quantity }))
