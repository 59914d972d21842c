import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import type { BoxRecipient, SubscriptionPlan } from '../../../../contract/subscription'
import { isApiError } from '@/lib/api-client'
import { serverFieldErrors, type FieldErrors } from '@/lib/form'
import { useLocalePrefix } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import { useStartSubscriptionCheckout } from '../api/start-subscription-checkout'
import type { RecipientBook } from '@/lib/recipient-book'
import { BoxRecipientForm } from './box-recipient-form'
import { PlanSwitchOffer } from './plan-change'
import { planTerms } from './plan-terms'

/** The answer's code when the member already has a snack box that has not ended. */
export const ALREADY_SUBSCRIBED = 'ALREADY_SUBSCRIBED'

/** Field errors of the checkout's `recipient`, keyed by the recipient's own field names. */
const recipientErrors = (error: unknown): FieldErrors =>
  Object.fromEntries(
    Object.entries(serverFieldErrors(error))
      .filter(([field]) => field.startsWith('recipient.'))
      .map(([field, message]) => [field.slice('recipient.'.length), message]),
  )

/**
 * Step 2 of buying a box: the chosen plan, what it charges, and who receives the boxes; then the
 * payment page. A member who already holds a box is told so, with a way to their box and a way to
 * order a second one on purpose.
 */
export function AddressStep({ plan, book, onChangePlan }: { plan: SubscriptionPlan; book: RecipientBook; onChangePlan: () => void }) {
  const { t } = useLingui()
  const prefix = useLocalePrefix()
  const checkout = useStartSubscriptionCheckout()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [leaving, setLeaving] = useState(false)
  const [refusal, setRefusal] = useState<{ code: string; message: string; recipient: BoxRecipient } | null>(null)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const { amount, terms } = planTerms(plan)
  const title = plan.title

  useEffect(() => headingRef.current?.focus(), [plan.id])
  // coming Back from the payment page restores this page from the cache with the button still busy
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false)
    }
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [])

  /** Opens the payment page; settles once the server has answered (the form stays disabled until then). */
  const pay = (recipient: BoxRecipient, secondBox = false) => {
    setRefusal(null)
    setServerErrors({})
    return checkout.mutateAsync({ plan_id: plan.id, recipient, ...(secondBox ? { second_box: true } : {}) }).then(
      (url) => {
        setLeaving(true)
        window.location.assign(url)
      },
      (error: unknown) => {
        if (isApiError(error) && (error.code === ALREADY_SUBSCRIBED || error.code === 'IN_PROGRESS')) setRefusal({ code: error.code, message: error.message, recipient })
        else if (Object.keys(recipientErrors(error)).length > 0) setServerErrors(recipientErrors(error))
        else toast.error(isApiError(error) ? error.message : t`Oops...Something went wrong`, { id: 'subscription-checkout' })
      },
    )
  }

  return (
    <div className="address-step">
      <div className="address-step__plan">
        <p className="address-step__step">{t`Step 2 of 2: delivery`}</p>
        <h3 ref={headingRef} tabIndex={-1} className="address-step__title">
          {title}
        </h3>
        <p className="address-step__price">
          <span className="plan-card__amount">{amount}</span> {terms}
        </p>
        <p className="address-step__note">{t`You pay for the whole term up front on the next page. Cancel any time before a renewal in My snack box.`}</p>
        <button type="button" className="link-button" onClick={onChangePlan}>
          {t`Change plan`}
        </button>
      </div>
      <BoxRecipientForm
        book={book}
        title={t`Where should we send your boxes?`}
        intro={<p className="box-recipient__intro">{t`One box a month goes to this recipient in Taiwan. You can change it in My snack box until 3 days before each box leaves.`}</p>}
        submitLabel={t`Continue to payment`}
        busy={checkout.isPending || leaving}
        serverErrors={serverErrors}
        onSubmit={(recipient) => pay(recipient)}
      >
        {refusal ? (
          <div className="form-alert form-alert--info subscribe-notice" role="alert">
            <p>{refusal.message}</p>
            {refusal.code === ALREADY_SUBSCRIBED ? (
              <div className="subscribe-notice__actions">
                <PlanSwitchOffer plan={plan} />
                <Link to="/{-$locale}/user/subscription" params={{ locale: prefix }}>
                  {t`My snack box`}
                </Link>
                <button type="button" className="link-button" onClick={() => void pay(refusal.recipient, true)} disabled={checkout.isPending}>
                  {t`Order a second box`}
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
      </BoxRecipientForm>
    </div>
  )
}
