import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AddressBook } from '@/features/account/components/address-book'
import { recipientsQueryOptions } from '@/lib/recipient-book'
import { routeHead } from '@/lib/page-head'

/** The member's saved recipients: see, edit, make default, delete. */
export const Route = createFileRoute('/{-$locale}/_user/user/address')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(recipientsQueryOptions(context.locale))
  },
  head: routeHead(({ t }) => ({ title: t(msg`Address book`) })),
  component: AddressPage,
})

function AddressPage() {
  return <AddressBook />
}
