import { Trans, useLingui } from '@lingui/react/macro'
import type { SubscriptionPlan } from '../../../../contract/subscription'
import { formatPrice } from '../../../lib/format-price'

interface PlanCardsProps {
  plans: readonly SubscriptionPlan[]
  /** the plan whose payment page is being opened */
  pendingId: string | null
  onChoose: (plan: SubscriptionPlan) => void
}

/** One card per plan: its title and label, the price a month, the saving, the offer and a button. */
export function PlanCards({ plans, pendingId, onChoose }: PlanCardsProps) {
  return (
    <ul className="plan-cards">
      {plans.map((plan) => (
        <li key={plan.id}>
          <PlanCard plan={plan} pending={pendingId === plan.id} disabled={pendingId !== null} onChoose={() => onChoose(plan)} />
        </li>
      ))}
    </ul>
  )
}

function PlanCard({ plan, pending, disabled, onChoose }: { plan: SubscriptionPlan; pending: boolean; disabled: boolean; onChoose: () => void }) {
  const { t } = useLingui()
  const titleId = `plan-${plan.id}`
  const price = formatPrice(plan.price)
  const saving = formatPrice(plan.save)
  const title = plan.title
  return (
    <article className={`plan-card${plan.label ? ` plan-card--${plan.label.variant}` : ''}`} aria-labelledby={titleId}>
      <div className="plan-card__head">
        <h3 id={titleId} className="plan-card__title">
          {title}
        </h3>
        {plan.label ? <span className={`plan-card__label plan-card__label--${plan.label.variant}`}>{plan.label.text}</span> : null}
      </div>
      <p className="plan-card__price">
        {plan.per === 'month' ? (
          <Trans>
            <span className="plan-card__amount">{price}</span> per month
          </Trans>
        ) : (
          <span className="plan-card__amount">{price}</span>
        )}
      </p>
      {plan.save > 0 ? <p className="plan-card__saving">{t`Save ${saving}`}</p> : null}
      <p className="plan-card__coupon">{plan.coupon_text}</p>
      <button type="button" className="button button-primary plan-card__button" onClick={onChoose} disabled={disabled} aria-busy={pending || undefined}>
        {t`Subscribe`}
        <span className="visually-hidden">: {title}</span>
      </button>
    </article>
  )
}
