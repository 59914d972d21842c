import { useLingui } from '@lingui/react/macro'
import type { SubscriptionPlan } from '../../../../contract/subscription'
import { formatPrice } from '@/lib/format-price'
import { planTerms } from './plan-terms'

interface PlanCardsProps {
  plans: readonly SubscriptionPlan[]
  /** the plan chosen last (kept across signing in), marked as such */
  chosenId: string | null
  onChoose: (plan: SubscriptionPlan) => void
}

/** One card per plan: its title and label, what is charged and how often, the saving, the offer and a button naming the plan. */
export function PlanCards({ plans, chosenId, onChoose }: PlanCardsProps) {
  return (
    <ul className="plan-cards">
      {plans.map((plan) => (
        <li key={plan.id}>
          <PlanCard plan={plan} chosen={chosenId === plan.id} onChoose={() => onChoose(plan)} />
        </li>
      ))}
    </ul>
  )
}

function PlanCard({ plan, chosen, onChoose }: { plan: SubscriptionPlan; chosen: boolean; onChoose: () => void }) {
  const { t } = useLingui()
  const titleId = `plan-${plan.id}`
  const saving = formatPrice(plan.save)
  const title = plan.title
  const { amount, terms } = planTerms(plan)
  const label = t`Subscribe to the ${title}`
  return (
    <article className={`plan-card${plan.label ? ` plan-card--${plan.label.variant}` : ''}${chosen ? ' is-chosen' : ''}`} aria-labelledby={titleId}>
      <div className="plan-card__head">
        <h3 id={titleId} className="plan-card__title">
          {title}
        </h3>
        {plan.label ? <span className={`plan-card__label plan-card__label--${plan.label.variant}`}>{plan.label.text}</span> : null}
      </div>
      <p className="plan-card__price">
        <span className="plan-card__amount">{amount}</span> <span className="plan-card__terms">{terms}</span>
      </p>
      {plan.save > 0 ? <p className="plan-card__saving">{t`Save ${saving}`}</p> : null}
      <p className="plan-card__coupon">{plan.coupon_text}</p>
      {/* the name is the label as written: split around the kept-together title, Chromium would name it with spaces added */}
      <button type="button" className="button button-primary plan-card__button" onClick={onChoose} aria-label={label}>
        <KeptTogether text={label} part={title} />
      </button>
    </article>
  )
}

/** `text` with `part` kept on one line: "12-month plan" never breaks after "12-" (a hyphen is a break opportunity). */
function KeptTogether({ text, part }: { text: string; part: string }) {
  const at = text.indexOf(part)
  if (at < 0) return text
  return (
    <>
      {text.slice(0, at)}
      <span className="plan-card__nowrap">{part}</span>
      {text.slice(at + part.length)}
    </>
  )
}
