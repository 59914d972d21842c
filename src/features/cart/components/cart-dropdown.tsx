import { Plural, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useLocalePrefix } from '@/lib/i18n'
import { OrderLine } from '@/ui/order-line'
import { Price } from '@/ui/price'
import { itemCount, type CartItem } from '../stores/cart-rules'
import { TrashIcon } from './cart-icons'
import { RemoveLineDialog } from './remove-line-dialog'
import { useCart } from './use-cart'
import './cart-dropdown.css'

interface CartDropdownProps {
  id: string
  open: boolean
  onClose: () => void
}

/** The header dropdown: each line with its picture, name, type, quantity and total, and the way to the cart page. */
export function CartDropdown({ id, open, onClose }: CartDropdownProps) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const { lines } = useCart()
  const [removing, setRemoving] = useState<CartItem | null>(null)
  const count = itemCount(lines)

  return (
    <div id={id} className="cart-dropdown" role="region" aria-label={t`Cart`} hidden={!open}>
      {lines.length === 0 ? (
        <p className="cart-dropdown__empty">{t`Your cart is empty.`}</p>
      ) : (
        <ul className="cart-dropdown__lines">
          {lines.map((line) => {
            const { label, type } = line
            return (
              <OrderLine
                key={line.id}
                className="cart-dropdown__line"
                image={line.image}
                name={label}
                detail={`${type} × ${line.quantity}`}
                total={<Price min={line.price * line.quantity} className="cart-dropdown__total" />}
                action={
                  <button type="button" className="icon-button cart-dropdown__remove" aria-label={t`Remove ${label} (${type})`} onClick={() => setRemoving(line)}>
                    <TrashIcon size={18} />
                  </button>
                }
              />
            )
          })}
        </ul>
      )}
      <div className="cart-dropdown__foot">
        <span className="cart-dropdown__count">
          <Plural value={count} one="# item" other="# items" />
        </span>
        <Link to="/{-$locale}/cart" params={{ locale }} className="button button-primary" onClick={onClose}>
          {t`View cart`}
        </Link>
      </div>
      <RemoveLineDialog line={removing} onClose={() => setRemoving(null)} />
    </div>
  )
}
