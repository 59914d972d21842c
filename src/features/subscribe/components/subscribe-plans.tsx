import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLocalePrefix } from '../../../lib/i18n'
import { LoadError } from '../../../ui/load-error'
import { useSubscriptionPlans } from '../api/get-subscription-plans'
import type { Buyer } from '../plan-link'
import { PlanCards } from './plan-cards'
import { usePlanChooser } from './use-plan-chooser'

/** The plans section: loading, a failure with a retry, or the cards and what their buttons answered. */
export function SubscribePlans({ buyer, onGuest }: { buyer: Buyer | null; onGuest: () => void }) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const { data, isPending, isError, refetch } = useSubscriptionPlans()
  const { choose, pendingId, alreadySubscribed } = usePlanChooser({ buyer, onGuest })

  return (
    <section className="section container" aria-labelledby="box-plans">
      <div className="section-head">
        <div>
          <h2 id="box-plans" className="section-title">
            {t`Choose your plan`}
          </h2>
          <p className="section-subtitle">{t`The longer the plan, the less each box costs.`}</p>
        </div>
      </div>
      {alreadySubscribed ? (
        <div className="form-alert form-alert--info subscribe-notice" role="alert">
          {alreadySubscribed}{' '}
          <Link to="/{-$locale}/user/subscription" params={{ locale }}>
            {t`My snack box`}
          </Link>
        </div>
      ) : null}
      {isPending ? (
        <div role="status" className="plan-cards">
          <span className="visually-hidden">{t`Loading…`}</span>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="skeleton plan-card__skeleton" />
          ))}
        </div>
      ) : null}
      {isError && !data ? <LoadError message={t`The plans could not be loaded.`} onRetry={() => void refetch()} /> : null}
      {data ? <PlanCards plans={data} pendingId={pendingId} onChoose={choose} /> : null}
    </section>
  )
}
