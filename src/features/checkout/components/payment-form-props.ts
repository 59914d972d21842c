import type { PaymentConfig } from '../../../../contract/payment'
import type { PaymentOutcome } from '../api/confirm-sandbox-payment'

/** What either card form (Stripe's Payment Element or the sandbox's) is given by the payment step. */
export interface PaymentStepProps {
  config: PaymentConfig
  clientSecret: string
  amount: number
  /** where Stripe sends the shopper back after a payment method that leaves the page */
  returnUrl: string
  /** the card was charged, refused, or is being processed: the order page follows it from here */
  onOutcome: (outcome: Exclude<PaymentOutcome, { status: 'error' }>) => void
}
