import { useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { takePendingAction } from '../../../lib/pending-action'
import { toast } from '../../../lib/toast'
import { useToggleFavourite } from '../api/toggle-favourite'

/**
 * Finishes a heart a visitor tapped before signing in: once the session is there (the dialog's
 * sign-in, or the return from a provider), the product is marked and the shopper told so.
 * Mounted once, by the root route.
 */
export function PendingFavourite({ signedIn }: { signedIn: boolean }) {
  const { t } = useLingui()
  const toggle = useToggleFavourite()
  useEffect(() => {
    if (!signedIn) return
    const action = takePendingAction('favourite')
    if (!action) return
    void toggle(action.productId, true).then((saved) => {
      if (saved) toast.success(t`Added to your favourites`, { id: 'favourite-saved' })
    })
  }, [signedIn, toggle, t])
  return null
}
