import { Plural, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLocalePrefix } from '@/lib/i18n'
import { CartIcon } from './cart-icon'
import { CartCount } from './cart-count'
import { useCartCount } from './use-cart-count'
import './cart-links.css'

/** The dock's cart entry, with the count. */
export function DockCart() {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const count = useCartCount()
  return (
    <Link to="/{-$locale}/cart" params={{ locale }} className="mobile-dock__item dock-cart" activeOptions={{ includeSearch: false }}>
      <span className="dock-cart__icon">
        <CartIcon />
        <CartCount count={count} />
      </span>
      <span aria-hidden="true">{t`Cart`}</span>
      <span className="visually-hidden">
        <Plural value={count} one="Cart, # item" other="Cart, # items" />
      </span>
    </Link>
  )
}

/** The cart button of the product page's phone header, with the count. */
export function DetailHeaderCart() {
  const locale = useLocalePrefix()
  const count = useCartCount()
  return (
    <Link to="/{-$locale}/cart" params={{ locale }} className="detail-header__button detail-cart">
      <CartIcon />
      <CartCount count={count} />
      <span className="visually-hidden">
        <Plural value={count} one="Cart, # item" other="Cart, # items" />
      </span>
    </Link>
  )
}
