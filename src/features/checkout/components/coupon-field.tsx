import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { normalizeCouponCode, type CouponSummary, type WalletCoupon } from '../../../../contract/coupon'
import { isApiError } from '@/lib/api-client'
import { formatPrice } from '@/lib/format-price'
import { i18n } from '@/lib/i18n'
import { translateValidationMessage } from '@/lib/validation-messages'
import { Price } from '@/ui/price'
import { useCheckCoupon } from '../api/check-coupon'
import { useWalletCoupons } from '../api/get-wallet-coupons'
import type { CheckoutLine } from './checkout-line'
import { lineInputs } from './checkout-line'
import './coupon-field.css'

interface CouponFieldProps {
  lines: readonly CheckoutLine[]
  /** the coupon applied to the quote, as the quote describes it */
  applied: CouponSummary | null
  appliedCode: string | null
  onApply: (code: string) => void
  onRemove: () => void
  /** a message about the applied coupon from elsewhere (the quote refused it) */
  problem: string | null
}

/** The reason of a COUPON_INVALID answer, after its 'Coupon error'. */
export function couponProblem(error: unknown): string {
  if (!isApiError(error)) return translateValidationMessage('Coupon error')
  // the server's reason does not say how much the minimum is; the figure comes beside it
  const minSpend = error.detailNumber('min_spend')
  if (error.fieldMessage('reason') === 'COUPON_MIN_SPEND' && minSpend !== undefined) {
    const amount = formatPrice(minSpend)
    return `${error.message}: ${i18n._(msg`Your order does not reach this coupon’s minimum spend of ${amount}.`)}`
  }
  const reason = error.fieldMessage('code') ?? error.fieldMessage('coupon_code')
  return reason ? `${error.message}: ${translateValidationMessage(reason)}` : error.message
}

/** What a wallet coupon takes off, for the offer: the most first, then the one that ends soonest. */
const worth = (c: WalletCoupon, subtotal: number) =>
  c.kind === 'fixed' ? Math.min(c.value, subtotal) : c.kind === 'percent' ? Math.min(Math.round((subtotal * c.value) / 100), c.max_discount ?? Infinity) : 0

/**
 * The wallet coupon to offer for this cart: usable, within its minimum spend, the best. A coupon
 * that needs more in the cart comes back as `short` so the page can say how much is missing.
 */
export function walletOffer(coupons: readonly WalletCoupon[], subtotal: number): { fits?: WalletCoupon; short?: WalletCoupon } {
  const usable = coupons.filter((c) => c.state === 'usable')
  const byWorth = (a: WalletCoupon, b: WalletCoupon) =>
    worth(b, subtotal) - worth(a, subtotal) || Date.parse(a.ends_at ?? '9999') - Date.parse(b.ends_at ?? '9999')
  const fits = usable.filter((c) => c.min_spend <= subtotal && c.kind !== 'free_shipping').sort(byWorth)[0]
  const short = fits ? undefined : usable.filter((c) => c.min_spend > subtotal).sort((a, b) => a.min_spend - b.min_spend)[0]
  return { fits, short }
}

/** A promo code: checked by the server, then applied to the quote ('Promo code successful' or 'Coupon error'). */
export function CouponField({ lines, applied, appliedCode, onApply, onRemove, problem }: CouponFieldProps) {
  const { t } = useLingui()
  const [code, setCode] = useState('')
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const check = useCheckCoupon()
  const inputId = useId()
  const messageId = useId()
  const shown = problem ? { ok: false, text: problem } : message
  const wallet = useWalletCoupons()
  // the cart's own prices: an estimate for choosing what to offer; the server's check decides
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0)
  const offer = appliedCode ? {} : walletOffer(wallet.data?.coupons ?? [], subtotal)
  const missing = offer.short ? formatPrice(offer.short.min_spend - subtotal) : ''
  const shortTitle = offer.short?.title ?? ''

  // not a <form>: the coupon sits inside the checkout's form, and forms cannot nest
  const apply = (from: string = code) => {
    const wanted = normalizeCouponCode(from)
    if (!wanted || check.isPending) return
    setMessage(null)
    check.mutate(
      { code: wanted, lines: lineInputs(lines) },
      {
        onSuccess: (result) => {
          setMessage({ ok: true, text: result.message })
          setCode('')
          onApply(result.coupon.code)
        },
        onError: (error) => setMessage({ ok: false, text: couponProblem(error) }),
      },
    )
  }

  return (
    <div className="coupon">
      {appliedCode ? (
        <div className="coupon__applied">
          <p>
            <span className="coupon__code">{appliedCode}</span>
            {applied ? <span className="coupon__title">{applied.title}</span> : null}
          </p>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setMessage(null)
              onRemove()
            }}
          >
            {t`Remove coupon`}
          </button>
        </div>
      ) : (
        <>
          {offer.fits ? (
            <div className="coupon__offer" role="group" aria-labelledby={`${inputId}-offer`}>
              <p id={`${inputId}-offer`} className="coupon__offer-text">
                <strong>{t`You have a coupon for this order`}</strong> <span>{offer.fits.title}</span> <span className="coupon__code">{offer.fits.code}</span>
              </p>
              <button type="button" className="button button-primary coupon__offer-apply" onClick={() => apply(offer.fits!.code)} disabled={check.isPending}>
                {t`Use this coupon`}
              </button>
            </div>
          ) : offer.short ? (
            <p className="coupon__hint">{t`Add ${missing} more to use your coupon: ${shortTitle}`}</p>
          ) : null}
          <div className="coupon__form">
            <label htmlFor={inputId} className="field__label">
              {t`Promo code`}
            </label>
            <div className="coupon__row">
              <input
                id={inputId}
                className="field__input"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return
                  event.preventDefault()
                  apply()
                }}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={32}
                aria-invalid={shown && !shown.ok ? true : undefined}
                aria-describedby={shown ? messageId : undefined}
              />
              <button type="button" className="button button-secondary" onClick={() => apply()} disabled={!code.trim() || check.isPending}>
                {t`Apply`}
              </button>
            </div>
          </div>
        </>
      )}
      <p id={messageId} className={shown ? (shown.ok ? 'coupon__ok' : 'field__error') : 'visually-hidden'} role={shown && !shown.ok ? 'alert' : 'status'}>
        {shown ? (
          shown.ok && applied ? (
            <>
              {shown.text} <Price min={applied.discount} />
            </>
          ) : (
            shown.text
          )
        ) : null}
      </p>
    </div>
  )
}
