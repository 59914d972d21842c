import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { MemberSubscription, SubscriptionPlan, SubscriptionPlanId } from '../../../../contract/subscription'
import { isApiError } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { toLinguiLocale } from '@/lib/locale'
import { toast } from '@/lib/toast'
import { LoadError } from '@/ui/load-error'
import { Modal } from '@/ui/modal'
import { useChangeSubscriptionPlan } from '../api/change-subscription-plan'
import { useMemberSubscription } from '../api/get-member-subscription'
import { useSubscriptionPlans } from '../api/get-subscription-plans'
import { planTerms } from './plan-terms'

/** The date a plan change takes effect: the current term's end, in the member's language. */
function useRenewalDate(subscription: MemberSubscription) {
  const locale = useLocale()
  return new Intl.DateTimeFormat(toLinguiLocale(locale), { dateStyle: 'medium' }).format(new Date(subscription.current_period_end))
}

function useFailed() {
  const { t } = useLingui()
  return (error: unknown) => toast.error(isApiError(error) ? error.message : t`Oops...Something went wrong`, { id: 'plan-change' })
}

/**
 * The confirmation step of a plan change: what stays as paid until when, what the box renews as
 * from then and for how much per term, and that nothing is charged now.
 */
export function PlanChangeDialog({ open, onClose, subscription, plan }: { open: boolean; onClose: () => void; subscription: MemberSubscription; plan: SubscriptionPlan }) {
  const { t } = useLingui()
  const change = useChangeSubscriptionPlan()
  const failed = useFailed()
  const date = useRenewalDate(subscription)
  const current = subscription.plan_title
  const title = plan.title
  const { amount, terms } = planTerms(plan)
  const confirm = () =>
    change.mutate(
      { plan_id: plan.id },
      {
        onSuccess: () => {
          onClose()
          toast.success(t`From ${date}, your box renews as the ${title}.`, { id: 'plan-change' })
        },
        onError: failed,
      },
    )
  return (
    <Modal open={open} onClose={onClose} title={t`Change to the ${title}?`} size="sm">
      <div className="plan-change__confirm">
        <p>{t`Your ${current} stays as paid until ${date}.`}</p>
        <p className="plan-change__from">{t`From ${date}, your box renews as the ${title}: ${amount} ${terms}.`}</p>
        <p>{t`Nothing is charged now. You can switch back any time before ${date}.`}</p>
      </div>
      <div className="my-box__confirm-actions">
        <button type="button" className="button button-secondary" onClick={onClose} data-autofocus>
          {t`Keep my current plan`}
        </button>
        <button type="button" className="button button-primary" onClick={confirm} disabled={change.isPending} aria-busy={change.isPending || undefined}>
          {t`Change plan`}
        </button>
      </div>
    </Modal>
  )
}

/**
 * My snack box's plan change: the plans to renew as from the next renewal, a confirmation step, and
 * while a change is pending, what it is and a way back to the current plan.
 */
export function PlanChange({ subscription }: { subscription: MemberSubscription }) {
  const { t } = useLingui()
  const { data: plans, isPending, isError, refetch } = useSubscriptionPlans()
  const change = useChangeSubscriptionPlan()
  const failed = useFailed()
  const date = useRenewalDate(subscription)
  const [choice, setChoice] = useState<SubscriptionPlanId | null>(null)
  const [reviewing, setReviewing] = useState(false)
  const pending = subscription.plan_change
  const chosen = choice ?? pending?.plan_id ?? subscription.plan_id
  const target = plans?.find((plan) => plan.id === chosen)
  const current = subscription.plan_title
  const { status } = subscription

  const switchBack = () =>
    change.mutate(
      { plan_id: subscription.plan_id },
      {
        onSuccess: () => {
          setChoice(null)
          toast.success(t`Your box stays on the ${current}.`, { id: 'plan-change' })
        },
        onError: failed,
      },
    )

  let body
  if (status === 'cancelling') body = <p className="plan-change__note">{t`Your snack box ends on ${date}. To change its plan, keep your subscription first.`}</p>
  else if (status === 'past_due') body = <p className="plan-change__note">{t`To change plan, please update your payment method first.`}</p>
  else {
    const { amount, terms } = pending ? planTerms({ months: pending.plan_months, price: Math.round(pending.term_amount / pending.plan_months), term_price: pending.term_amount }) : { amount: '', terms: '' }
    const title = pending?.plan_title
    body = (
      <>
        {pending ? (
          <div className="form-alert form-alert--info plan-change__pending" role="status">
            <p>{t`From ${date}, your box renews as the ${title}: ${amount} ${terms}.`}</p>
            <button type="button" className="button button-secondary" onClick={switchBack} disabled={change.isPending} aria-busy={change.isPending || undefined}>
              {t`Keep the ${current}`}
            </button>
          </div>
        ) : null}
        <p className="plan-change__note">{t`A new plan starts at your next renewal on ${date}. Nothing is charged now, and your current term stays as paid.`}</p>
        {isPending ? (
          <div role="status" className="plan-change__loading">
            <span className="visually-hidden">{t`Loading…`}</span>
            <div className="skeleton" style={{ height: 120 }} />
          </div>
        ) : null}
        {isError && !plans ? <LoadError message={t`The plans could not be loaded.`} onRetry={() => void refetch()} /> : null}
        {plans ? (
          <fieldset className="plan-change__plans">
            <legend className="visually-hidden">{t`Plan from the next renewal`}</legend>
            {plans.map((plan) => {
              const { amount, terms } = planTerms(plan)
              return (
                <label key={plan.id} className={`plan-change__plan${chosen === plan.id ? ' is-chosen' : ''}`}>
                  <input type="radio" name="plan-change" value={plan.id} checked={chosen === plan.id} onChange={() => setChoice(plan.id)} />
                  <span className="plan-change__name">
                    {plan.title}
                    {plan.id === subscription.plan_id ? <span className="plan-change__tag">{t`Current plan`}</span> : null}
                    {plan.id === pending?.plan_id ? <span className="plan-change__tag">{t`From ${date}`}</span> : null}
                  </span>
                  <span className="plan-change__terms">
                    {amount} {terms}
                  </span>
                </label>
              )
            })}
          </fieldset>
        ) : null}
        <div className="my-box__actions">
          <button type="button" className="button button-primary" onClick={() => setReviewing(true)} disabled={!target || chosen === subscription.plan_id || chosen === pending?.plan_id}>
            {t`Review the change`}
          </button>
        </div>
        {target ? (
          <PlanChangeDialog
            open={reviewing}
            onClose={() => {
              setReviewing(false)
              setChoice(null)
            }}
            subscription={subscription}
            plan={target}
          />
        ) : null}
      </>
    )
  }

  return (
    <section id="plan" className="plan-change" aria-labelledby="plan-change-title">
      <h2 id="plan-change-title" className="my-box__heading">
        {t`Change plan`}
      </h2>
      {body}
    </section>
  )
}

/**
 * On the subscribe page, beside "you already have a snack box": the plan just chosen can become the
 * member's box's plan from its next renewal, through the same confirmation step.
 */
export function PlanSwitchOffer({ plan }: { plan: SubscriptionPlan }) {
  const { data } = useMemberSubscription()
  if (!data || data.status !== 'active' || data.plan_id === plan.id) return null
  return <PlanSwitch subscription={data} plan={plan} />
}

function PlanSwitch({ subscription, plan }: { subscription: MemberSubscription; plan: SubscriptionPlan }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const date = useRenewalDate(subscription)
  const title = plan.title
  if (subscription.plan_change?.plan_id === plan.id) return <span role="status">{t`From ${date}, your box renews as the ${title}.`}</span>
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {t`Change my box to the ${title}`}
      </button>
      <PlanChangeDialog open={open} onClose={() => setOpen(false)} subscription={subscription} plan={plan} />
    </>
  )
}
