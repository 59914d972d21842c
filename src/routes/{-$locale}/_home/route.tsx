import { createFileRoute, Outlet } from '@tanstack/react-router'
import { useEffect } from 'react'
import * as v from 'valibot'
import { COOKIES } from '../../../../contract/constants'
import { shopConfigQueryOptions, useShopConfig } from '@/features/shop/api/get-shop-config'
import { setCookie } from '@/lib/cookies'
import { SiteLayout } from '@/ui/site-layout'
import { accountSlots } from '@/app/account-slots'
import { CartAndFavouriteSlots } from '@/app/cart-slots'

const HomeSearchSchema = v.object({
  referrer_code: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.regex(/^[\w-]{1,64}$/))),
    undefined,
  ),
})

export const Route = createFileRoute('/{-$locale}/_home')({
  validateSearch: HomeSearchSchema,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(shopConfigQueryOptions(context.locale))
  },
  component: HomeLayout,
})

function HomeLayout() {
  const { data } = useShopConfig()
  const { referrer_code: referrerCode } = Route.useSearch()
  useEffect(() => {
    if (referrerCode) setCookie(COOKIES.referrerCode, referrerCode)
  }, [referrerCode])
  return (
    <CartAndFavouriteSlots>
      <SiteLayout shop={data?.shop} {...accountSlots} header="overlay">
        <Outlet />
      </SiteLayout>
    </CartAndFavouriteSlots>
  )
}
