import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import type { PaymentStepProps } from './payment-form-props'
import { SandboxCardForm } from './sandbox-card-form'
import './checkout.css'

// Stripe.js and its React bindings load only here, with a real publishable key
const StripePaymentForm = lazy(() => import('./stripe-payment-form'))

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
