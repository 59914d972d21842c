import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { MemberSubscription, SubscriptionStatus } from '../../../../contract/subscription'
import { isApiError } from '@/lib/api-client'
import { formatPrice } from '@/lib/format-price'
import { useLocale, useLocalePrefix } from '@/lib/i18n'
import { toast } from '@/lib/toast'
import { LoadError } from '@/ui/load-error'
import { Modal } from '@/ui/modal'
import { CONFIRM_FOR_MS, useMemberSubscription } from '../api/get-member-subscription'
import { useOpenPaymentPortal } from '../api/open-payment-portal'
import { useUpdateMemberSubscription } from '../api/update-member-subscription'
import type { RecipientBook } from '@/lib/recipient-book'
import { BoxDelivery } from './box-delivery'
import { PlanChange } from './plan-change'
import { planTerms } from './plan-terms'
import '@/ui/form.css'
import './my-subscription.css'

const DATE_LOCALE = { zh_tw: 'zh-TW', en: 'en', ja: 'ja' } as const

/**
 * The member area's "My snack box": the plan, its state, the boxes paid for and what can be changed.
 * `fromCheckout`: the member arrives from the payment page, before the payment may be recorded.
 */
export function MySubscription({ fromCheckout = false, book }: { fromCheckout?: boolean; book: RecipientBook }) {
  const { t } = useLingui()
  const [gaveUp, setGaveUp] = useState(false)
  useEffect(() => {
    if (!fromCheckout) return
    const timer = window.setTimeout(() => setGaveUp(true), CONFIRM_FOR_MS)
    return () => window.clearTimeout(timer)
  }, [fromCheckout])
  const confirming = fromCheckout && !gaveUp
  const { data, isPending, isError, refetch } = useMemberSubscription(confirming)
  const waitingForPayment = confirming && data === null

  return (
    <section className="panel my-box" aria-labelledby="my-box-title">
      <h1 id="my-box-title" className="panel__title">
        {t`My snack box`}
      </h1>
      {isPending ? (
        <div role="status" className="my-box__loading">
          <span className="visually-hidden">{t`Loading…`}</span>
          <div className="skeleton" style={{ height: 22, width: 200 }} />
          <div className="skeleton" style={{ height: 80 }} />
        </div>
      ) : null}
      {isError && data === undefined ? <LoadError message={t`Your snack box could not be loaded.`} onRetry={() => void refetch()} /> : null}
      {waitingForPayment ? (
        <p role="status" className="my-box__confirming">
          {t`Confirming your payment…`}
        </p>
      ) : null}
      {data === null && !waitingForPayment ? <NoSubscription /> : null}
      {data ? <SubscriptionDetails subscription={data} book={book} /> : null}
    </section>
  )
}

function NoSubscription() {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  return (
    <div className="my-box__empty">
      <p>{t`You have no snack box subscription yet. Every month a box of limited Japanese drinks, snacks, gifts and ramen could be on its way to you.`}</p>
      <Link to="/{-$locale}/subscribe" params={{ locale }} className="button button-primary">
        {t`See the plans`}
      </Link>
    </div>
  )
}

function SubscriptionDetails({ subscription, book }: { subscription: MemberSubscription; book: RecipientBook }) {
  const { t } = useLingui()
  const locale = useLocale()
  const prefix = useLocalePrefix()
  const update = useUpdateMemberSubscription()
  const portal = useOpenPaymentPortal()
  const [confirming, setConfirming] = useState(false)
  const dates = new Intl.DateTimeFormat(DATE_LOCALE[locale], { dateStyle: 'medium' })
  const periodEnd = dates.format(new Date(subscription.current_period_end))
  const { status } = subscription
  const { amount, terms } = planTerms({ months: subscription.plan_months, price: Math.round(subscription.term_amount / subscription.plan_months), term_price: subscription.term_amount })

  const statusNames: Record<SubscriptionStatus, string> = {
    active: t`Active`,
    cancelling: t`Cancelling at the end of the term`,
    past_due: t`Payment overdue`,
    ended: t`Ended`,
  }
  const dateLines: Record<SubscriptionStatus, string> = {
    active: t`Next renewal: ${periodEnd}`,
    cancelling: t`Ends on ${periodEnd}`,
    past_due: t`Next renewal: ${periodEnd}`,
    ended: t`Ended on ${periodEnd}`,
  }
  const failed = (error: unknown) => toast.error(isApiError(error) ? error.message : t`Oops...Something went wrong`, { id: 'my-box' })

  const setCancel = (cancel: boolean) =>
    update.mutate(
      { cancel_at_period_end: cancel },
      {
        onSuccess: () => {
          setConfirming(false)
          toast.success(cancel ? t`Your snack box ends on ${periodEnd}.` : t`Your snack box continues.`, { id: 'my-box' })
        },
        onError: failed,
      },
    )

  const managePayment = () => portal.mutate(undefined, { onSuccess: (url) => window.location.assign(url), onError: failed })

  return (
    <>
      <dl className="my-box__facts">
        <div>
          <dt>{t`Plan`}</dt>
          <dd className="my-box__plan">{subscription.plan_title}</dd>
        </div>
        <div>
          <dt>{t`Price`}</dt>
          <dd>
            {amount} {terms}
          </dd>
        </div>
        <div>
          <dt>{t`Status`}</dt>
          <dd>
            <span className={`my-box__status my-box__status--${status}`}>{statusNames[status]}</span>
          </dd>
        </div>
      </dl>
      <p className="my-box__date">{dateLines[status]}</p>
      {status === 'past_due' ? <p className="form-alert form-alert--info">{t`The last payment did not go through. Please check your payment method.`}</p> : null}

      <div className="my-box__actions">
        {status === 'active' || status === 'past_due' ? (
          <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
            {t`Cancel at the end of the term`}
          </button>
        ) : null}
        {status === 'cancelling' ? (
          <button type="button" className="button button-primary" onClick={() => setCancel(false)} disabled={update.isPending}>
            {t`Keep my subscription`}
          </button>
        ) : null}
        {status === 'ended' ? (
          <Link to="/{-$locale}/subscribe" params={{ locale: prefix }} className="button button-primary">
            {t`Subscribe again`}
          </Link>
        ) : null}
        {subscription.can_manage_payment ? (
          <button type="button" className="button button-secondary" onClick={managePayment} disabled={portal.isPending} aria-busy={portal.isPending || undefined}>
            {t`Manage payment method`}
          </button>
        ) : null}
      </div>

      {status !== 'ended' ? <PlanChange subscription={subscription} /> : null}

      {status !== 'ended' ? <BoxDelivery subscription={subscription} book={book} dates={dates} /> : null}

      <h2 className="my-box__heading">{t`Boxes so far`}</h2>
      {subscription.boxes.length === 0 ? (
        <p className="my-box__none">{t`No box has been paid for yet.`}</p>
      ) : (
        <table className="my-box__history">
          <caption className="visually-hidden">{t`Boxes so far`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Date`}</th>
              <th scope="col">{t`Amount`}</th>
            </tr>
          </thead>
          <tbody>
            {subscription.boxes.map((box) => (
              <tr key={`${box.paid_at}-${box.period_start}`}>
                <td>{dates.format(new Date(box.paid_at))}</td>
                <td className="my-box__amount">{formatPrice(box.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <Modal open={confirming} onClose={() => setConfirming(false)} title={t`Cancel your snack box?`} size="sm">
        <p className="my-box__confirm-text">{t`Your subscription stays active until ${periodEnd} and then ends; no further payment is taken. You can keep it any time before then.`}</p>
        {subscription.plan_change ? <p className="my-box__confirm-text">{t`The plan change you chose is dropped.`}</p> : null}
        <div className="my-box__confirm-actions">
          <button type="button" className="button button-secondary" onClick={() => setConfirming(false)} data-autofocus>
            {t`Keep my subscription`}
          </button>
          <button type="button" className="button button-primary" onClick={() => setCancel(true)} disabled={update.isPending}>
            {t`Cancel at the end of the term`}
          </button>
        </div>
      </Modal>
    </>
  )
}
