import { createFileRoute, Outlet } from '@tanstack/react-router'
import { shopConfigQueryOptions, useShopConfig } from '@/features/shop/api/get-shop-config'
import { SiteLayout } from '@/ui/site-layout'
import { accountSlots } from '@/app/account-slots'
import { CartAndFavouriteSlots } from '@/app/cart-slots'

export const Route = createFileRoute('/{-$locale}/_detail')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(shopConfigQueryOptions(context.locale))
  },
  component: DetailLayout,
})

function DetailLayout() {
  const { data } = useShopConfig()
  return (
    <CartAndFavouriteSlots>
      <SiteLayout shop={data?.shop} {...accountSlots} header="detail" dock={false}>
        <Outlet />
      </SiteLayout>
    </CartAndFavouriteSlots>
  )
}
