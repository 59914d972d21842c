import { useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { forgetPendingAction, takePendingAction } from '@/lib/pending-action'
import { toast } from '@/lib/toast'
import { useToggleFavourite } from '../api/toggle-favourite'
import { pathWithoutLocale } from '@/lib/locale'

const RETURN_FROM_PROVIDER = /^\/auth\/social-(callback|register)\/?$/

/**
 * Finishes a heart a visitor tapped before signing in: once the session is there (the dialog's
 * sign-in, or the return from a provider), the product is marked and the shopper told so.
 * Mounted once, by the root route.
 */
export function PendingFavourite({ signedIn }: { signedIn: boolean }) {
  const { t } = useLingui()
  const toggle = useToggleFavourite()
  // A sign-in in the dialog never reloads the page; only a provider's sign-in comes back in a new
  // one. Any other fresh load (the back button from the provider, a reload) drops what was pending.
  useEffect(() => {
    if (!RETURN_FROM_PROVIDER.test(pathWithoutLocale(window.location.pathname))) forgetPendingAction()
  }, [])
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
