import { createFileRoute, Outlet } from '@tanstack/react-router'
import { shopConfigQueryOptions, useShopConfig } from '@/features/shop/api/get-shop-config'
import { CookieBanner } from '@/ui/cookie-banner'
import { Header } from '@/ui/header'
import { useSearchNavigate } from '@/ui/use-search-navigate'
import { accountSlots } from '@/app/account-slots'
import { CartAndFavouriteSlots } from '@/app/cart-slots'

/** The cart layout (spec section 2): the header only, and the cookie notice. */
export const Route = createFileRoute('/{-$locale}/_cart')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(shopConfigQueryOptions(context.locale))
  },
  component: CartLayout,
})

function CartLayout() {
  const { data } = useShopConfig()
  const onSearch = useSearchNavigate()
  return (
    <CartAndFavouriteSlots>
      <div className="layout layout--no-dock">
        <Header shop={data?.shop} onSearch={onSearch} account={accountSlots.account} />
        <main id="main" className="page-main">
          <Outlet />
        </main>
        <CookieBanner privacyUrl={data?.shop.privacy_url} />
      </div>
    </CartAndFavouriteSlots>
  )
}
