import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { applyUpdate, pwa } from '../lib/pwa'
import { toast } from '../lib/toast'

const TOAST_ID = 'app-update'

/**
 * Offers a waiting new version with a reload button. It never reloads on its own, and keeps quiet
 * on the payment page so a shopper in the middle of paying is not interrupted.
 */
export function UpdatePrompt() {
  const { t } = useLingui()
  const { updateReady } = useSnapshot(pwa)
  const paying = useRouterState({ select: (state) => /\/payment\/?$/.test(state.location.pathname) })
  useEffect(() => {
    if (!updateReady) return
    if (paying) {
      toast.dismiss(TOAST_ID)
      return
    }
    toast.message(t`A new version of the shop is ready.`, {
      id: TOAST_ID,
      duration: Infinity,
      action: { label: t`Reload`, onClick: applyUpdate },
    })
  }, [updateReady, paying, t])
  return null
}
