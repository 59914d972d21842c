import { useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import { formatCardNumber, TEST_CARDS, testCardFor } from '../../../../contract/payment'
import { formatPrice } from '../../../lib/format-price'
import { TextField } from '../../../ui/text-field'
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment'
import type { PaymentStepProps } from './payment-step'

/** MM/YY, this month or later. */
export function expiryValid(typed: string, now = new Date()): boolean {
  const match = /^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/.exec(typed)
  if (!match) return false
  const month = Number(match[1])
  const year = 2000 + Number(match[2])
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1)
}

/**
 * The sandbox's card form, clearly marked as a test: it accepts Stripe's published test numbers
 * only and confirms the PaymentIntent with the test card's PaymentMethod id, so no card number is
 * ever sent anywhere.
 */
export function SandboxCardForm({ config, clientSecret, amount, onOutcome }: PaymentStepProps) {
  const { t } = useLingui()
  const [number, setNumber] = useState('')
  const [expiry, setExpiry] = useState('')
  const [cvc, setCvc] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const titleId = useId()
  const total = formatPrice(amount)
  const outcomes: Record<(typeof TEST_CARDS)[number]['payment_method'], string> = {
    pm_card_visa: t`succeeds`,
    pm_card_chargeDeclined: t`is declined`,
    pm_card_chargeDeclinedInsufficientFunds: t`is declined: insufficient funds`,
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const card = testCardFor(number)
    if (!card || !expiryValid(expiry) || !/^\d{3,4}$/.test(cvc.trim())) {
      setProblem(t`Please enter correct credit card information`)
      return
    }
    setProblem(null)
    setBusy(true)
    const outcome = await confirmSandboxPayment(clientSecret, card.payment_method, config.publishable_key)
    setBusy(false)
    if (outcome.status === 'error') setProblem(t`The payment could not be completed. Please try again.`)
    else onOutcome(outcome)
  }

  return (
    <section className="payment-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-section__title">
        {t`Card payment`} <span className="payment-card__test">{t`Test mode`}</span>
      </h2>
      <div className="form-alert form-alert--info">
        <p>{t`This shop is in test mode: no real card is charged. Only these test card numbers are accepted (any future expiry date, any 3-digit CVC):`}</p>
        <ul className="payment-card__numbers">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <code>{formatCardNumber(card.number)}</code> {outcomes[card.payment_method]}
            </li>
          ))}
        </ul>
      </div>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t`Card number`} value={number} onChange={setNumber} inputMode="numeric" autoComplete="off" maxLength={23} placeholder="4242 4242 4242 4242" />
        <div className="form-row form-row--2">
          <TextField label={t`Expiry date (MM/YY)`} value={expiry} onChange={setExpiry} inputMode="numeric" autoComplete="off" maxLength={7} placeholder="12/30" />
          <TextField label={t`Security code (CVC)`} value={cvc} onChange={setCvc} inputMode="numeric" autoComplete="off" maxLength={4} placeholder="123" />
        </div>
        <p className={problem ? 'form-alert' : 'visually-hidden'} role="alert">
          {problem}
        </p>
        <button type="submit" className="button button-primary button-block" aria-disabled={busy || undefined}>
          {busy ? t`Paying…` : t`Pay ${total}`}
        </button>
      </form>
    </section>
  )
}
