import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import type { PaymentConfig } from '../../../../contract/payment'
import type { PaymentOutcome } from '../api/confirm-sandbox-payment'
import { SandboxCardForm } from './sandbox-card-form'
import './checkout.css'

// Stripe.js and its React bindings load only here, with a real publishable key
const StripePaymentForm = lazy(() => import('./stripe-payment-form'))

export interface PaymentStepProps {
  config: PaymentConfig
  clientSecret: string
  amount: number
  /** where Stripe sends the shopper back after a payment method that leaves the page */
  returnUrl: string
  /** the card was charged, refused, or is being processed: the order page follows it from here */
  onOutcome: (outcome: Exclude<PaymentOutcome, { status: 'error' }>) => void
}

/** Paying an order by card: Stripe's Payment Element, or the sandbox's labelled test-card form. */
export function PaymentStep(props: PaymentStepProps) {
  const { t } = useLingui()
  if (props.config.sandbox) return <SandboxCardForm {...props} />
  return (
    <Suspense
      fallback={
        <div role="status" className="payment-loading">
          {t`Loading the payment form…`}
        </div>
      }
    >
      <StripePaymentForm {...props} />
    </Suspense>
  )
}
