import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { normalizeCouponCode, type CouponSummary } from '../../../../contract/coupon'
import { isApiError } from '../../../lib/api-client'
import { formatPrice } from '../../../lib/format-price'
import { i18n } from '../../../lib/i18n'
import { translateValidationMessage } from '../../../lib/validation-messages'
import { Price } from '../../../ui/price'
import { useCheckCoupon } from '../api/check-coupon'
import type { CheckoutLine } from './checkout-line'
import { lineInputs } from './checkout-line'

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

/** A promo code: checked by the server, then applied to the quote ('Promo code successful' or 'Coupon error'). */
export function CouponField({ lines, applied, appliedCode, onApply, onRemove, problem }: CouponFieldProps) {
  const { t } = useLingui()
  const [code, setCode] = useState('')
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const check = useCheckCoupon()
  const inputId = useId()
  const messageId = useId()
  const shown = problem ? { ok: false, text: problem } : message

  // not a <form>: the coupon sits inside the checkout's form, and forms cannot nest
  const apply = () => {
    const wanted = normalizeCouponCode(code)
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
            <button type="button" className="button button-secondary" onClick={apply} disabled={!code.trim() || check.isPending}>
              {t`Apply`}
            </button>
          </div>
        </div>
      )}
      <p id={messageId} className={shown ? (shown.ok ? 'coupon__ok' : 'field__error') : 'visually-hidden'} role={shown && !shown.ok ? 'alert' : 'status'}>
        {shown ? (shown.ok && applied ? <>{shown.text} <Price min={applied.discount} /></> : shown.text) : null}
      </p>
    </div>
  )
}
