import { useLingui } from '@lingui/react/macro'
import type { SubscriptionPlan, SubscriptionPlanId } from '../../../../contract/subscription'
import { LoadError } from '@/ui/load-error'
import { useSubscriptionPlans } from '../api/get-subscription-plans'
import type { RecipientBook } from '@/lib/recipient-book'
import { AddressStep } from './address-step'
import { PlanCards } from './plan-cards'

export interface PlanChoice {
  /** the plan chosen (kept in the address across signing in), or undefined */
  chosen: SubscriptionPlanId | undefined
  /** signed in: the address step follows the choice; otherwise signing in comes first */
  signedIn: boolean
  book: RecipientBook
  onChoose: (plan: SubscriptionPlan) => void
  onChangePlan: () => void
}

/** The plans section: loading, a failure with a retry, the cards, and for a chosen plan the delivery step. */
export function SubscribePlans({ chosen, signedIn, book, onChoose, onChangePlan }: PlanChoice) {
  const { t } = useLingui()
  const { data, isPending, isError, refetch } = useSubscriptionPlans()
  const plan = chosen ? data?.find((p) => p.id === chosen) : undefined
  const stepping = plan !== undefined && signedIn

  return (
    <section className="section container" aria-labelledby="box-plans">
      <div className="section-head">
        <div>
          <h2 id="box-plans" className="section-title">
            {t`Choose your plan`}
          </h2>
          <p className="section-subtitle">{t`Each term is paid up front and renews until you cancel. The longer the plan, the less each box costs.`}</p>
        </div>
      </div>
      {isPending ? (
        <div role="status" className="plan-cards">
          <span className="visually-hidden">{t`Loading…`}</span>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="skeleton plan-card__skeleton" />
          ))}
        </div>
      ) : null}
      {isError && !data ? <LoadError message={t`The plans could not be loaded.`} onRetry={() => void refetch()} /> : null}
      {stepping ? <AddressStep plan={plan} book={book} onChangePlan={onChangePlan} /> : null}
      {data && !stepping ? <PlanCards plans={data} chosenId={chosen ?? null} onChoose={onChoose} /> : null}
    </section>
  )
}
