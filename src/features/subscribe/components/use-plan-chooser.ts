import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { SubscriptionPlan } from '../../../../contract/subscription'
import { isApiError } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { useStartSubscriptionCheckout } from '../api/start-subscription-checkout'
import { planLinkFor, type Buyer } from '../plan-link'

/** The answer's code when the member already has a snack box that has not ended. */
export const ALREADY_SUBSCRIBED = 'ALREADY_SUBSCRIBED'

interface PlanChooserOptions {
  /** the signed-in member, or null for a visitor */
  buyer: Buyer | null
  /** a visitor chose a checkout plan: sign in first */
  onGuest: () => void
}

/**
 * What a plan's button does: the owner's payment link when the plan has one, otherwise sign in
 * first (visitors) and open a checkout session; the browser then leaves for the payment page.
 */
export function usePlanChooser({ buyer, onGuest }: PlanChooserOptions) {
  const { t } = useLingui()
  const checkout = useStartSubscriptionCheckout()
  const [pendingId, setPendingId] = useState<string | null>(null)
  const [alreadySubscribed, setAlreadySubscribed] = useState<string | null>(null)

  // coming Back from the payment page restores this page from the cache with the button still busy
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPendingId(null)
    }
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [])

  const choose = (plan: SubscriptionPlan) => {
    setAlreadySubscribed(null)
    if (plan.url !== null) {
      window.location.assign(planLinkFor(plan.url, buyer))
      return
    }
    if (!buyer) {
      onGuest()
      return
    }
    setPendingId(plan.id)
    checkout.mutate(
      { plan_id: plan.id },
      {
        onSuccess: (url) => window.location.assign(url),
        onError: (error) => {
          setPendingId(null)
          if (isApiError(error) && error.code === ALREADY_SUBSCRIBED) setAlreadySubscribed(error.message)
          else toast.error(isApiError(error) ? error.message : t`Oops...Something went wrong`, { id: 'subscription-checkout' })
        },
      },
    )
  }

  return { choose, pendingId, alreadySubscribed }
}
