import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Product } from '../../contract/catalogue'
import { useSession } from '../features/auth/components/use-session'
import { authGate } from '../features/auth/stores/auth-store'
import { DetailHeaderCart, DockCart } from '../features/cart/components/cart-links'
import { CartRuntime } from '../features/cart/components/cart-runtime'
import { HeaderCart } from '../features/cart/components/header-cart'
import { productQueryOptions } from '../features/catalogue/api/get-product'
import { ProductCardActionsSlot } from '../features/catalogue/components/product-card'
import { DockFavourites } from '../features/favourites/components/dock-favourites'
import { FavouriteButton } from '../features/favourites/components/favourite-button'
import { useLocale } from '../lib/i18n'
import { DetailHeaderSlot } from '../ui/detail-header'
import { HeaderCartSlot } from '../ui/header'
import { DockEntriesSlot } from '../ui/mobile-dock'

/** The product is fetched again after a visitor's click on its heart (spec section 6). */
function useRefetchProduct(id: number) {
  const queryClient = useQueryClient()
  const locale = useLocale()
  return () => void queryClient.invalidateQueries({ queryKey: productQueryOptions(locale, id).queryKey })
}

/** The heart of a product, for the session on this page. */
export function ProductFavourite({ product, appearance = 'page' }: { product: Pick<Product, 'id' | 'is_favorite'>; appearance?: 'card' | 'page' | 'bar' }) {
  const { signedIn } = useSession()
  const refetch = useRefetchProduct(product.id)
  return <FavouriteButton productId={product.id} favourite={product.is_favorite} signedIn={signedIn} onVisitor={refetch} appearance={appearance} />
}

/** Favourites (members) and the cart, between search and the account in the dock. */
function DockEntries() {
  const { signedIn } = useSession()
  return (
    <>
      {signedIn ? <DockFavourites /> : null}
      <DockCart />
    </>
  )
}

const productIdIn = (pathname: string): number | undefined => {
  const id = /\/product\/detail\/(\d{1,9})\/?$/.exec(pathname)?.[1]
  return id ? Number(id) : undefined
}

/** The product page's phone header: the product's heart (once the page has it) and the cart. */
function DetailActions() {
  const locale = useLocale()
  const id = useRouterState({ select: (state) => productIdIn(state.location.pathname) })
  const { data: product } = useQuery({ ...productQueryOptions(locale, id ?? 0), enabled: id !== undefined })
  return (
    <>
      {product ? <ProductFavourite product={product} appearance="bar" /> : null}
      <DetailHeaderCart />
    </>
  )
}

const renderHeaderCart = (tone: 'light' | 'dark') => <HeaderCart tone={tone} />
const renderCardActions = (product: Product) => <ProductFavourite product={product} appearance="card" />
const dockEntries = <DockEntries />
const detailActions = <DetailActions />

/**
 * Puts the cart and the favourites into a layout (header, dock, detail header, product cards) and
 * starts the cart for the page, once the session is known. Each layout route wraps its layout in it,
 * beside the account slots, so the two load together.
 */
export function CartAndFavouriteSlots({ children }: { children: ReactNode }) {
  return (
    <HeaderCartSlot.Provider value={renderHeaderCart}>
      <DockEntriesSlot.Provider value={dockEntries}>
        <DetailHeaderSlot.Provider value={detailActions}>
          <ProductCardActionsSlot.Provider value={renderCardActions}>
            {children}
            <CartRuntime sessionReady={authGate.ready} />
          </ProductCardActionsSlot.Provider>
        </DetailHeaderSlot.Provider>
      </DockEntriesSlot.Provider>
    </HeaderCartSlot.Provider>
  )
}
