import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { formatPrice } from '@/lib/format-price'
import { useLocale } from '@/lib/i18n'
import { GiftIcon } from '@/ui/icons'
import type { ReferralCoupon } from '../api/get-referrals'
import { DATE_LOCALE } from './date-locale'

/** The thank-you coupons the member earned through referrals. */
export function ReferralCoupons({ coupons }: { coupons: ReferralCoupon[] }) {
  const { t } = useLingui()
  const locale = useLocale()
  const dates = new Intl.DateTimeFormat(DATE_LOCALE[locale], { dateStyle: 'medium' })
  // read once per mount: whether a coupon has run out does not change while the page is open
  const [now] = useState(() => Date.now())

  const stateOf = (coupon: ReferralCoupon): { key: 'used' | 'expired' | 'usable'; text: string } => {
    if (coupon.used) return { key: 'used', text: t`Used` }
    if (coupon.ends_at && Date.parse(coupon.ends_at) < now) return { key: 'expired', text: t`Expired` }
    return { key: 'usable', text: t`Not used yet` }
  }

  return (
    <section className="panel" aria-labelledby="referral-coupons-title">
      <h2 id="referral-coupons-title" className="panel__title referral__coupons-title">
        {t`Coupons earned`}
      </h2>
      {coupons.length === 0 ? (
        <div className="referral__empty">
          <GiftIcon size={32} />
          <p>{t`No coupons yet. You earn one when a friend’s first order is delivered.`}</p>
        </div>
      ) : (
        <ul className="referral__coupons" aria-labelledby="referral-coupons-title">
          {coupons.map((coupon) => {
            const state = stateOf(coupon)
            const minSpend = formatPrice(coupon.min_spend)
            const endsOn = coupon.ends_at ? dates.format(new Date(coupon.ends_at)) : null
            return (
              <li key={coupon.code} className={`referral__coupon referral__coupon--${state.key}`}>
                <h3 className="referral__coupon-title">{coupon.title}</h3>
                <dl className="referral__coupon-facts">
                  <div>
                    <dt>{t`Coupon code`}</dt>
                    <dd className="referral__coupon-code">{coupon.code}</dd>
                  </div>
                  <div>
                    <dt>{t`Minimum spend`}</dt>
                    <dd>{minSpend}</dd>
                  </div>
                  <div>
                    <dt>{t`Valid until`}</dt>
                    <dd>{endsOn ?? t`No expiry date`}</dd>
                  </div>
                  <div>
                    <dt>{t`Status`}</dt>
                    <dd>
                      <span className={`referral__status referral__status--${state.key}`}>{state.text}</span>
                    </dd>
                  </div>
                </dl>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
