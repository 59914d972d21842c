import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { toast } from '@/lib/toast'
import type { Product, Variant } from '../../../../contract/catalogue'
import type { NewCartItem } from '../stores/cart-rules'
import { lineLimit, MAX_LINE_QUANTITY } from '../stores/line-limit'
import { CartIcon } from './cart-icon'
import { QuantityStepper } from './quantity-stepper'
import { useQuantityInCart } from './use-cart-count'
import './add-to-cart.css'

/** Stock at or below this is pointed out next to the button. */
const LOW_STOCK = 5

const DAY_MS = 86_400_000

/** What the cart keeps of a product's variant. */
export function cartItemOf(product: Product, variant: Variant, now = Date.now()): NewCartItem {
  return {
    product_id: product.id,
    variant_id: variant.id,
    image: product.images[0] ?? product.thumbnail,
    label: product.name,
    type: variant.label,
    price: variant.price,
    arrival_date: new Date(now + product.arrival_days * DAY_MS).toISOString().slice(0, 10),
    stock_type: product.stock_type,
    max_quantity: lineLimit(variant.stock_left),
  }
}

interface AddToCartProps {
  product: Product
  /** the chosen type; a product with one type needs no choice */
  variantId?: number
}

/** The product page's quantity and 'Add to cart', limited by the stock (a pre-order's allocation) and what the cart holds. */
export function AddToCart({ product, variantId }: AddToCartProps) {
  const { t } = useLingui()
  const [wanted, setWanted] = useState(1)
  const [busy, setBusy] = useState(false)
  const variant = product.variants.find((v) => v.id === variantId) ?? (product.variants.length === 1 ? product.variants[0] : undefined)
  const max = variant ? lineLimit(variant.stock_left) : 0
  const inCart = useQuantityInCart(variant?.id)
  const room = Math.max(0, max - inCart)
  const quantity = Math.min(Math.max(1, wanted), Math.max(1, room))
  const preOrder = product.stock_type === 'PRE_ORDER'
  const soldOut = variant ? max === 0 : product.sold_out

  let note: string | null = null
  if (soldOut) note = null
  else if (!variant) note = t`Choose a type first.`
  else if (room === 0) note = t`Your cart already holds all there is of this type.`
  // below the per-order limit, what limits a pre-order is its allocation left
  else if (preOrder && max < MAX_LINE_QUANTITY) note = t`Pre-order: only ${max} left.`
  else if (max <= LOW_STOCK) note = t`Only ${max} left.`

  const add = async () => {
    if (!variant) return
    setBusy(true)
    try {
      // the cart itself is fetched with the first add, not with the page
      const { cart } = await import('../stores/cart-store')
      const result = await cart.add(cartItemOf(product, variant), quantity)
      // offline the line is kept here (a member's is sent once back online): that is a success, said once
      const kept = navigator.onLine ? undefined : t`You are offline: it is kept on this device.`
      if (result.status === 'added') toast.success(t`Add success`, { id: 'cart-add', description: kept })
      else if (result.status === 'capped') {
        const added = result.added
        toast.success(t`Add success`, { id: 'cart-add', description: [t`Only ${added} could be added: that is all there is.`, kept].filter(Boolean).join(' ') })
      } else toast.error(t`Add failed`, { id: 'cart-add', description: result.status === 'sold-out' ? t`Out of stock` : t`Your cart already holds all there is of this type.` })
      setWanted(1)
    } catch {
      toast.error(t`Add failed`, { id: 'cart-add' })
    } finally {
      setBusy(false)
    }
  }

  const disabled = !variant || room === 0 || soldOut
  return (
    <div className="add-to-cart">
      <div className="add-to-cart__row">
        <QuantityStepper value={quantity} max={room} onChange={setWanted} label={t`Quantity to add`} disabled={disabled} />
        <button type="button" className="button button-primary add-to-cart__button" disabled={disabled || busy} onClick={() => void add()}>
          <CartIcon size={20} />
          {soldOut ? t`Out of stock` : t`Add to cart`}
        </button>
      </div>
      {note ? <p className={`add-to-cart__note${soldOut || room === 0 ? ' is-blocked' : ''}`}>{note}</p> : null}
    </div>
  )
}
