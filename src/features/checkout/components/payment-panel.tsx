import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { htmlLang } from '@/lib/locale'
import { useLocale } from '@/lib/i18n'
import { formatPrice } from '@/lib/format-price'
import './checkout.css'

interface PaymentPanelProps {
  orderNo: string
  amount: number
  /** unpaid orders are cancelled at this time (ISO 8601) */
  payBefore: string | null
  /** the card form, or what to do when the order cannot take one now */
  children: ReactNode
  /** a way to leave and pay later */
  footer?: ReactNode
}

/** The payment step: which order, how much, by when, and the card form. */
export function PaymentPanel({ orderNo, amount, payBefore, children, footer }: PaymentPanelProps) {
  const { t } = useLingui()
  const lang = htmlLang(useLocale())
  const total = formatPrice(amount)
  const deadline = payBefore ? new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(payBefore)) : null
  return (
    <div className="container payment-page">
      <h1 className="page-title">{t`Payment`}</h1>
      <div className="payment-page__body">
        <p className="payment-page__order">
          {t`Order ${orderNo} is placed. Pay ${total} to complete it.`}
          {deadline ? <span className="payment-page__deadline">{t`Please pay by ${deadline}; unpaid orders are cancelled then.`}</span> : null}
        </p>
        {children}
        {footer}
      </div>
    </div>
  )
}
