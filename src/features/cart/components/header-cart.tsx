import { Plural, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState, type KeyboardEvent } from 'react'
import { CartIcon } from './cart-icon'
import { CartCount } from './cart-count'
import { useCartCount } from './use-cart-count'
import './header-cart.css'
import { useDisclosure } from '@/ui/use-disclosure'

// The list is fetched the first time the dropdown opens (or is about to), not with every page.
const loadDropdown = () => import('./cart-dropdown')
const CartDropdown = lazy(() => loadDropdown().then((module) => ({ default: module.CartDropdown })))

/** The header's cart: an icon with the count that opens a dropdown of the lines. */
export function HeaderCart({ tone = 'dark' }: { tone?: 'light' | 'dark' }) {
  const { t } = useLingui()
  const count = useCartCount()
  const { open, setOpen, rootRef, buttonRef, panelId: panelId } = useDisclosure()
  const [mounted, setMounted] = useState(false)

  const close = () => setOpen(false)
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Escape inside the confirmation dialog closes the dialog only
    if (event.key !== 'Escape' || !open || (event.target as Element).closest('dialog')) return
    event.preventDefault()
    close()
    buttonRef.current?.focus()
  }

  return (
    <div ref={rootRef} className={`header-cart header-cart--${tone}`} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="header-cart__button"
        aria-expanded={open}
        aria-controls={mounted ? panelId : undefined}
        onPointerEnter={() => void loadDropdown()}
        onFocus={() => void loadDropdown()}
        onClick={() => {
          setMounted(true)
          setOpen((value) => !value)
        }}
      >
        <CartIcon />
        <span className="visually-hidden">
          <Plural value={count} one="Cart, # item" other="Cart, # items" />
        </span>
        <CartCount count={count} />
      </button>
      {mounted ? (
        <Suspense
          fallback={
            <div id={panelId} className="cart-dropdown" role="status">
              {t`Loading…`}
            </div>
          }
        >
          <CartDropdown id={panelId} open={open} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  )
}
