import * as v from 'valibot'
import { STOCK_TYPES } from './constants'
import { intParam } from './page'
import { MAX_INT } from './text'

/** Units of one variant per cart line and per order line: no single order holds a scarce item's whole stock (decision 0027). */
export const MAX_LINE_QUANTITY = 10

const id = v.pipe(v.number('must be a whole number'), v.integer('must be a whole number'), v.minValue(1, 'is too small'), v.maxValue(MAX_INT, 'is too large'))
const quantity = v.pipe(v.number('must be a whole number'), v.integer('must be a whole number'), v.minValue(1, 'is too small'), v.maxValue(MAX_LINE_QUANTITY, 'is too large'))

/** A line as the PWA keeps it; only the product, variant and quantity matter to the server. */
export const CartLineInputSchema = v.object({ product_id: id, variant_id: id, quantity })
export type CartLineInput = v.InferOutput<typeof CartLineInputSchema>

export const InitCartInputSchema = v.object({ items: v.pipe(v.array(CartLineInputSchema), v.maxLength(200, 'is too long')) })
export const UpdateCartLineInputSchema = v.object({ quantity })
export const CartLineParamSchema = v.object({ id: intParam(1) })

export const CartLineSchema = v.object({
  id: v.number(),
  product_id: v.number(),
  variant_id: v.number(),
  /** the product's picture */
  image: v.string(),
  /** the product's name */
  label: v.string(),
  /** the variant's label */
  type: v.string(),
  quantity: v.number(),
  /** current unit price, integer TWD */
  price: v.number(),
  /** estimated arrival, yyyy-MM-dd */
  arrival_date: v.string(),
  stock_type: v.picklist(STOCK_TYPES),
  stock_left: v.number(),
  /** the most this line may hold now */
  max_quantity: v.number(),
})
export type CartLine = v.InferOutput<typeof CartLineSchema>

export const WishlistEntrySchema = v.object({ id: v.number(), product_id: v.number(), created_at: v.string() })
export const WishlistCategorySchema = v.object({ id: v.number(), name: v.string(), count: v.number() })
