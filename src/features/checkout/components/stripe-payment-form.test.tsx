// @vitest-environment jsdom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import StripePaymentForm from './stripe-payment-form'

const confirmPayment = vi.fn()
vi.mock('@stripe/stripe-js', () => ({ loadStripe: () => Promise.resolve({}) }))
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: unknown }) => children,
  PaymentElement: () => null,
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({}),
}))

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})
afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

function renderForm() {
  const onOutcome = vi.fn()
  render(
    <I18nProvider i18n={i18n}>
      <StripePaymentForm config={{ provider: 'stripe', publishable_key: 'pk_test_x', sandbox: false }} clientSecret="pi_1_secret_2" amount={1200} returnUrl="/" onOutcome={onOutcome} />
    </I18nProvider>,
  )
  return { onOutcome, pay: screen.getByRole('button', { name: 'Pay NT$1,200' }) }
}

describe('StripePaymentForm', () => {
  it('shows Stripe’s own message for details it refuses, which names the field at fault, not a general line', async () => {
    confirmPayment.mockResolvedValueOnce({ error: { type: 'validation_error', code: 'incomplete_expiry', message: 'Your card’s expiration date is incomplete.' } })
    const { onOutcome, pay } = renderForm()
    fireEvent.submit(pay.closest('form')!)
    expect(await screen.findByText('Your card’s expiration date is incomplete.')).toHaveProperty('role', 'alert')
    expect(screen.queryByText('Please enter correct credit card information')).toBeNull()
    expect(onOutcome).not.toHaveBeenCalled()
  })

  it('hands a declined card to the page', async () => {
    confirmPayment.mockResolvedValueOnce({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } })
    const { onOutcome, pay } = renderForm()
    fireEvent.submit(pay.closest('form')!)
    await vi.waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ status: 'declined', code: 'generic_decline' }))
  })
})
