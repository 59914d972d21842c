import { useLingui } from '@lingui/react/macro'
import { LoadError } from '@/ui/load-error'
import { useReferrals } from '../api/get-referrals'
import { ReferralCoupons } from './referral-coupons'
import { ReferralFriends } from './referral-friends'
import { ReferralInvite } from './referral-invite'
import '@/ui/form.css'
import './referral-panel.css'

/** The member area's referral programme: the code to share, the friends who joined with it and the coupons they earned the member. */
export function ReferralPanel() {
  const { t } = useLingui()
  const { data, isPending, isError, refetch } = useReferrals()

  if (data) {
    return (
      <>
        <ReferralInvite code={data.referrer_code} />
        <ReferralFriends referrals={data.referrals} />
        <ReferralCoupons coupons={data.coupons} />
      </>
    )
  }
  return (
    <section className="panel referral" aria-labelledby="referral-title">
      <h1 id="referral-title" className="panel__title">
        {t`Invite friends`}
      </h1>
      {isPending ? (
        <div role="status" className="referral__loading">
          <span className="visually-hidden">{t`Loading…`}</span>
          <div className="skeleton" style={{ height: 22, width: 180 }} />
          <div className="skeleton" style={{ height: 44 }} />
          <div className="skeleton" style={{ height: 96 }} />
        </div>
      ) : null}
      {isError ? <LoadError message={t`Your referrals could not be loaded.`} onRetry={() => void refetch()} /> : null}
    </section>
  )
}
