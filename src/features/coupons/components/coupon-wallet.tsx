import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { WalletCoupon } from '../../../../contract/coupon'
import { useLocale, useLocalePrefix } from '@/lib/i18n'
import type { Locale } from '@/lib/locale'
import { GiftIcon } from '@/ui/icons'
import { LoadError } from '@/ui/load-error'
import { useCouponWallet } from '../api/get-coupon-wallet'
import { CouponCard } from './coupon-card'
import './coupon-wallet.css'

/** The member's coupon wallet: usable coupons first, then the ones used or past their end. */
export function CouponWalletPanel() {
  const { t } = useLingui()
  const locale = useLocale()
  const prefix = useLocalePrefix()
  const { data, isPending, isError, refetch } = useCouponWallet()
  const usable = data?.coupons.filter((c) => c.state === 'usable' || c.state === 'not_started') ?? []
  const past = data?.coupons.filter((c) => c.state === 'used' || c.state === 'expired') ?? []

  return (
    <section className="panel wallet" aria-labelledby="wallet-title">
      <h1 id="wallet-title" className="panel__title">
        {t`My coupons`}
      </h1>
      <p className="panel__intro">{t`Coupons given to you. At checkout, a coupon that fits your cart is offered to you to apply with one tap.`}</p>
      {isPending ? (
        <div role="status" className="wallet__loading">
          <span className="visually-hidden">{t`Loading…`}</span>
          <div className="skeleton" style={{ height: 96 }} />
          <div className="skeleton" style={{ height: 96 }} />
        </div>
      ) : null}
      {isError ? <LoadError message={t`Your coupons could not be loaded.`} onRetry={() => void refetch()} /> : null}
      {data && data.coupons.length === 0 ? (
        <div className="wallet__empty">
          <GiftIcon size={32} />
          <p>{t`No coupons yet. Invite a friend: when their first order is delivered, you receive a thank-you coupon.`}</p>
          <Link to="/{-$locale}/user/referrer" params={{ locale: prefix }} className="button button-secondary">
            {t`Invite friends`}
          </Link>
        </div>
      ) : null}
      <CouponGroup id="wallet-usable" heading={t`Ready to use`} coupons={usable} locale={locale} />
      <CouponGroup id="wallet-past" heading={t`Used or expired`} coupons={past} locale={locale} />
    </section>
  )
}

/** One titled list of the wallet's coupons; nothing when it has none. */
function CouponGroup({ id, heading, coupons, locale }: { id: string; heading: string; coupons: readonly WalletCoupon[]; locale: Locale }) {
  if (coupons.length === 0) return null
  return (
    <>
      <h2 id={id} className="wallet__heading">
        {heading}
      </h2>
      <ul className="wallet__list" aria-labelledby={id}>
        {coupons.map((coupon) => (
          <CouponCard key={coupon.code} coupon={coupon} locale={locale} />
        ))}
      </ul>
    </>
  )
}
