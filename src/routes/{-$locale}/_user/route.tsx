import { createFileRoute, Outlet } from '@tanstack/react-router'
import { UserSideMenu } from '@/features/account/components/user-side-menu'
import { useSession, useSignOut } from '@/features/auth/components/use-session'
import { shopConfigQueryOptions, useShopConfig } from '@/features/shop/api/get-shop-config'
import { requireAccess } from '@/lib/guards'
import { MemberLayout } from '@/ui/member-layout'
import { SiteLayout } from '@/ui/site-layout'
import { accountSlots } from '@/app/account-slots'
import { CartAndFavouriteSlots } from '@/app/cart-slots'

/** The member area: only for signed-in members; visitors are sent to sign in and brought back. */
export const Route = createFileRoute('/{-$locale}/_user')({
  beforeLoad: requireAccess('member'),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(shopConfigQueryOptions(context.locale))
  },
  component: UserLayout,
})

function UserLayout() {
  const { data } = useShopConfig()
  const { user } = useSession()
  const signOut = useSignOut()
  return (
    <CartAndFavouriteSlots>
      <SiteLayout shop={data?.shop} {...accountSlots}>
        <MemberLayout menu={user ? <UserSideMenu user={user} onLogout={() => void signOut()} /> : null}>
          <Outlet />
        </MemberLayout>
      </SiteLayout>
    </CartAndFavouriteSlots>
  )
}
