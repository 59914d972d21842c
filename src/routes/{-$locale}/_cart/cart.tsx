import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useSession } from '@/features/auth/components/use-session'
import { openAuthModal } from '@/features/auth/stores/auth-modal-store'
import { CartView } from '@/features/cart/components/cart-view'
import { useCart } from '@/features/cart/components/use-cart'
import { useShopConfig } from '@/features/shop/api/get-shop-config'
import { useLocalePrefix } from '@/lib/i18n'
import { routeHead } from '@/lib/page-head'

export const Route = createFileRoute('/{-$locale}/_cart/cart')({
  head: routeHead(({ t }) => ({ title: t(msg`Cart`) })),
  component: CartPage,
})

function CartPage() {
  const { data: config } = useShopConfig()
  return <CartView checkoutSlot={<CheckoutButton />} freeShippingFrom={config?.checkout.free_shipping_threshold} />
}

/** To the payment page; a visitor signs in first and is then taken there. */
function CheckoutButton() {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const { signedIn } = useSession()
  const { lines } = useCart()
  // a sold-out line, or more than the stock, has to be settled in the cart first
  const blocked = lines.some((line) => line.max_quantity === 0 || line.quantity > line.max_quantity)
  if (blocked) {
    return (
      <button type="button" className="button button-primary button-block" disabled>
        {t`Checkout`}
      </button>
    )
  }
  if (!signedIn) {
    return (
      <button type="button" className="button button-primary button-block" onClick={() => openAuthModal({ redirect: `${locale ? `/${locale}` : ''}/payment` })}>
        {t`Checkout`}
      </button>
    )
  }
  return (
    <Link to="/{-$locale}/payment" params={{ locale }} className="button button-primary button-block">
      {t`Checkout`}
    </Link>
  )
}
