import './cart-count.css'

/** The number on a cart icon; hidden while the cart is empty. Screen readers get the count from the control's name. */
export function CartCount({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <span className="cart-count" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  )
}
