import { useLingui } from '@lingui/react/macro'
import { useId, useRef, useState, type FormEvent } from 'react'
import { useSubmitPress } from '@/lib/use-submit-press'
import { formatCardNumber, TEST_CARDS, testCardFor } from '../../../../contract/payment'
import { focusFirstInvalid } from '@/lib/form'
import { formatPrice } from '@/lib/format-price'
import { TextField } from '@/ui/text-field'
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment'
import { cardProblems, formatExpiry, type CardField, type CardProblem } from './card-input'
import type { PaymentStepProps } from './payment-form-props'

/**
 * The sandbox's card form, clearly marked as a test: it accepts Stripe's published test numbers
 * only and confirms the PaymentIntent with the test card's PaymentMethod id, so no card number is
 * ever sent anywhere. Its fields behave as Stripe's card Element does: the expiry is written
 * `MM / YY` as it is typed, and a field that is wrong says what is wrong with it.
 */
export function SandboxCardForm({ config, clientSecret, amount, onOutcome }: PaymentStepProps) {
  const { t } = useLingui()
  const [card, setCard] = useState<Record<CardField, string>>({ number: '', expiry: '', cvc: '' })
  // a field's problem shows once it was left with something in it, or once "Pay" was pressed
  const [left, setLeft] = useState<ReadonlySet<CardField>>(new Set())
  const [submitted, setSubmitted] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const titleId = useId()
  const total = formatPrice(amount)
  const outcomes: Record<(typeof TEST_CARDS)[number]['payment_method'], string> = {
    pm_card_visa: t`succeeds`,
    pm_card_chargeDeclined: t`is declined`,
    pm_card_chargeDeclinedInsufficientFunds: t`is declined: insufficient funds`,
  }
  const messages: Record<CardProblem, string> = {
    incomplete_number: t`Your card number is incomplete.`,
    invalid_number: t`Your card number is invalid.`,
    not_test_card: t`This is a real card number: in test mode, use one of the test card numbers above.`,
    incomplete_expiry: t`Your card’s expiry date is incomplete.`,
    invalid_expiry_month: t`Your card’s expiry month is invalid.`,
    invalid_expiry_month_past: t`Your card’s expiry date is in the past.`,
    invalid_expiry_year_past: t`Your card’s expiry year is in the past.`,
    incomplete_cvc: t`Your card’s security code is incomplete.`,
  }

  const problems = cardProblems(card)
  const errorOf = (field: CardField) => {
    const found = problems[field]
    return found && (submitted || (left.has(field) && card[field].trim() !== '')) ? messages[found] : undefined
  }
  const set = (field: CardField) => (value: string) => {
    setProblem(null)
    setCard((before) => ({ ...before, [field]: field === 'expiry' ? formatExpiry(value, before.expiry) : field === 'cvc' ? value.replace(/\D/g, '') : value }))
  }
  // Leaving a field for the Pay button does not show its problem there and then: the message would
  // push the button down between press and release, and the tap would miss it. Pay shows them all.
  const submitPress = useSubmitPress()
  const leave = (field: CardField) => () => {
    if (submitPress.leavingForSubmit()) return
    setLeft((before) => new Set(before).add(field))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setSubmitted(true)
    const testCard = testCardFor(card.number)
    if (Object.keys(problems).length > 0 || !testCard) {
      // every field at fault says why; the first of them takes the focus
      focusFirstInvalid(formRef.current)
      return
    }
    setProblem(null)
    setBusy(true)
    const outcome = await confirmSandboxPayment(clientSecret, testCard.payment_method, config.publishable_key)
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
      <form ref={formRef} className="form" onSubmit={(event) => void submit(event)} noValidate {...submitPress.formProps}>
        <TextField
          label={t`Card number`}
          value={card.number}
          onChange={set('number')}
          onBlur={leave('number')}
          error={errorOf('number')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={23}
          placeholder="4242 4242 4242 4242"
        />
        <div className="form-row form-row--2">
          {/* room for a pasted 12/2030, which is written back as 12 / 30 */}
          <TextField
            label={t`Expiry date (MM/YY)`}
            value={card.expiry}
            onChange={set('expiry')}
            onBlur={leave('expiry')}
            error={errorOf('expiry')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={9}
            placeholder="12 / 30"
          />
          <TextField label={t`Security code (CVC)`} value={card.cvc} onChange={set('cvc')} onBlur={leave('cvc')} error={errorOf('cvc')} inputMode="numeric" autoComplete="off" maxLength={4} placeholder="123" />
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
