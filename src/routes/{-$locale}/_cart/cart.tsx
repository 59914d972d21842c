import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CartView } from '../../../features/cart/components/cart-view'
import { useDocumentTitle } from '../../../ui/use-document-title'

export const Route = createFileRoute('/{-$locale}/_cart/cart')({
  component: CartPage,
})

function CartPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Cart`)
  // The checkout button goes in checkoutSlot once the checkout exists; until then none is shown.
  return <CartView checkoutSlot={null} />
}
