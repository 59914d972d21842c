import { useLingui } from '@lingui/react/macro'
import type { ReferralProgramme } from '../../../../contract/coupon'
import { formatPrice } from '@/lib/format-price'

/** "NT$100 off an order of NT$500 or more, valid 30 days", the words for one side's coupon. */
export function useCouponTerms() {
  const { t } = useLingui()
  return (terms: ReferralProgramme['friend']) => {
    const amount = formatPrice(terms.amount)
    const minSpend = formatPrice(terms.min_spend)
    const days = terms.days
    return terms.min_spend > 0 ? t`${amount} off an order of ${minSpend} or more, valid for ${days} days` : t`${amount} off your next order, valid for ${days} days`
  }
}

/** What the friend and the member each get, side by side on the referral page. */
export function ReferralTerms({ programme }: { programme: ReferralProgramme }) {
  const { t } = useLingui()
  const termsOf = useCouponTerms()
  return (
    <dl className="referral__terms">
      <div className="referral__term">
        <dt>{t`Your friend gets`}</dt>
        <dd>
          {termsOf(programme.friend)}
          <span className="referral__term-when">{t`once your friend confirms their e-mail`}</span>
        </dd>
      </div>
      <div className="referral__term">
        <dt>{t`You get`}</dt>
        <dd>
          {termsOf(programme.reward)}
          <span className="referral__term-when">{t`once your friend’s first order is delivered`}</span>
        </dd>
      </div>
    </dl>
  )
}
