import { createFileRoute, Outlet } from '@tanstack/react-router'
import { shopConfigQueryOptions, useShopConfig } from '@/features/shop/api/get-shop-config'
import { CookieBanner } from '@/ui/cookie-banner'
import { LanguageMenu } from '@/ui/language-menu'
import { MinimalLayout } from '@/ui/minimal-layout'
import { accountSlots } from '@/app/account-slots'

/** The minimal layout (spec: the subscribe page): the logo, the language and the account, no shop chrome. */
export const Route = createFileRoute('/{-$locale}/_minimal')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(shopConfigQueryOptions(context.locale))
  },
  component: MinimalRouteLayout,
})

function MinimalRouteLayout() {
  const { data } = useShopConfig()
  return (
    <>
      <MinimalLayout
        actions={
          <>
            <LanguageMenu compact />
            {accountSlots.account('dark')}
          </>
        }
      >
        <Outlet />
      </MinimalLayout>
      <CookieBanner privacyUrl={data?.shop.privacy_url} />
    </>
  )
}
