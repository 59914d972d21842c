import { useLingui } from '@lingui/react/macro'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe, type StripeElementLocale } from '@stripe/stripe-js'
import { useId, useMemo, useState, type FormEvent } from 'react'
import { formatPrice } from '@/lib/format-price'
import { useLocale } from '@/lib/i18n'
import type { PaymentStepProps } from './payment-form-props'

const STRIPE_LOCALES = { zh_tw: 'zh-TW', en: 'en', ja: 'ja' } as const satisfies Record<string, StripeElementLocale>

const loaded = new Map<string, Promise<Stripe | null>>()
/** Stripe.js once per key (it must be fetched from js.stripe.com, never bundled). */
const stripeFor = (publishableKey: string) => {
  let stripe = loaded.get(publishableKey)
  if (!stripe) {
    stripe = loadStripe(publishableKey)
    loaded.set(publishableKey, stripe)
  }
  return stripe
}

/** Stripe's Payment Element, confirmed on this page unless the payment method must leave it. */
export default function StripePaymentForm({ config, clientSecret, ...rest }: PaymentStepProps) {
  const locale = useLocale()
  const stripe = useMemo(() => stripeFor(config.publishable_key), [config.publishable_key])
  // Elements takes its options once: a new client secret (pay again) mounts a new form
  const options = useMemo(() => ({ clientSecret, locale: STRIPE_LOCALES[locale], appearance: { variables: { colorPrimary: '#d92c44', borderRadius: '8px' } } }), [clientSecret, locale])
  return (
    <Elements key={clientSecret} stripe={stripe} options={options}>
      <ElementForm {...rest} />
    </Elements>
  )
}

function ElementForm({ amount, returnUrl, onOutcome }: Omit<PaymentStepProps, 'config' | 'clientSecret'>) {
  const { t } = useLingui()
  const stripe = useStripe()
  const elements = useElements()
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const titleId = useId()
  const total = formatPrice(amount)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!stripe || !elements || busy) return
    setBusy(true)
    setProblem(null)
    const { error, paymentIntent } = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } })
    setBusy(false)
    if (error) {
      if (error.type === 'card_error') onOutcome({ status: 'declined', code: error.decline_code ?? error.code ?? null })
      // incomplete or refused details: Stripe's message names the field at fault (the Element marks
      // it too) and is already in the shopper's language, as Stripe asks integrations to show it
      else setProblem(error.message ?? (error.type === 'validation_error' ? t`Please enter correct credit card information` : t`The payment could not be completed. Please try again.`))
      return
    }
    onOutcome({ status: paymentIntent?.status === 'succeeded' ? 'succeeded' : 'processing' })
  }

  return (
    <section className="payment-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-section__title">
        {t`Card payment`}
      </h2>
      <form className="form" onSubmit={(event) => void submit(event)}>
        <PaymentElement />
        <p className={problem ? 'form-alert' : 'visually-hidden'} role="alert">
          {problem}
        </p>
        <button type="submit" className="button button-primary button-block" disabled={!stripe || !elements} aria-disabled={busy || undefined}>
          {busy ? t`Paying…` : t`Pay ${total}`}
        </button>
      </form>
    </section>
  )
}
