import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AddressBook } from '@/features/account/components/address-book'
import { recipientsQueryOptions } from '@/lib/recipient-book'
import { useDocumentTitle } from '@/ui/use-document-title'

/** The member's saved recipients: see, edit, make default, delete. */
export const Route = createFileRoute('/{-$locale}/_user/user/address')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(recipientsQueryOptions(context.locale))
  },
  component: AddressPage,
})

function AddressPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Address book`)
  return <AddressBook />
}
