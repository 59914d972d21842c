import { useLingui } from '@lingui/react/macro'
import type { WalletCoupon } from '../../../../contract/coupon'
import { formatPrice } from '@/lib/format-price'
import { toLinguiLocale, type Locale } from '@/lib/locale'

/** What a coupon takes off, in words: NT$100 off, 10% off (up to NT$300), free delivery. */
export function useCouponValue() {
  const { t } = useLingui()
  return (coupon: Pick<WalletCoupon, 'kind' | 'value' | 'max_discount'>) => {
    const amount = formatPrice(coupon.value)
    const percent = coupon.value
    if (coupon.kind === 'fixed') return t`${amount} off`
    if (coupon.kind === 'free_shipping') return t`Free delivery`
    if (coupon.max_discount === null) return t`${percent}% off`
    const cap = formatPrice(coupon.max_discount)
    return t`${percent}% off (up to ${cap})`
  }
}

/** One coupon of the wallet: what it gives, its code, minimum spend, validity and state. */
export function CouponCard({ coupon, locale }: { coupon: WalletCoupon; locale: Locale }) {
  const { t } = useLingui()
  const valueOf = useCouponValue()
  const dates = new Intl.DateTimeFormat(toLinguiLocale(locale), { dateStyle: 'medium' })
  const state = {
    usable: t`Ready to use`,
    not_started: t`Not valid yet`,
    used: t`Used`,
    expired: t`Expired`,
  }[coupon.state]
  const minSpend = coupon.min_spend > 0 ? formatPrice(coupon.min_spend) : t`None`
  const startsOn = coupon.starts_at ? dates.format(new Date(coupon.starts_at)) : null
  return (
    <li className={`wallet__coupon wallet__coupon--${coupon.state}`}>
      <div className="wallet__value" aria-hidden="true">
        {valueOf(coupon)}
      </div>
      <div className="wallet__body">
        <h3 className="wallet__title">{coupon.title}</h3>
        <dl className="wallet__facts">
          <div>
            <dt>{t`Coupon code`}</dt>
            <dd className="wallet__code">{coupon.code}</dd>
          </div>
          <div>
            <dt>{t`It gives`}</dt>
            <dd>{valueOf(coupon)}</dd>
          </div>
          <div>
            <dt>{t`Minimum spend`}</dt>
            <dd>{minSpend}</dd>
          </div>
          <div>
            <dt>{t`Valid until`}</dt>
            <dd>{coupon.ends_at ? dates.format(new Date(coupon.ends_at)) : t`No expiry date`}</dd>
          </div>
          {coupon.state === 'not_started' && startsOn ? (
            <div>
              <dt>{t`Valid from`}</dt>
              <dd>{startsOn}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <p className={`wallet__state wallet__state--${coupon.state}`}>
        <span className="visually-hidden">{t`Status`}: </span>
        {state}
      </p>
    </li>
  )
}
