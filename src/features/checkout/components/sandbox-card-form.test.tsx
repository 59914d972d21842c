// @vitest-environment jsdom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment'
import { SandboxCardForm } from './sandbox-card-form'

vi.mock('../api/confirm-sandbox-payment', () => ({ confirmSandboxPayment: vi.fn(() => Promise.resolve({ status: 'succeeded' })) }))

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
      <SandboxCardForm config={{ provider: 'stripe', publishable_key: 'pk_test_sandbox', sandbox: true }} clientSecret="pi_1_secret_2" amount={1200} returnUrl="/" onOutcome={onOutcome} />
    </I18nProvider>,
  )
  return {
    onOutcome,
    number: screen.getByRole('textbox', { name: 'Card number' }),
    expiry: screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }),
    cvc: screen.getByRole('textbox', { name: 'Security code (CVC)' }),
    pay: screen.getByRole('button', { name: 'Pay NT$1,200' }),
  }
}

/** Key by key, as a shopper types. */
function type(input: HTMLElement, keys: string) {
  for (const key of keys) fireEvent.change(input, { target: { value: (input as HTMLInputElement).value + key } })
}

const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))))

describe('SandboxCardForm', () => {
  it('does not show a field’s message while the Pay button is pressed (it would move the button away mid-tap), in browsers that focus the button and in those that do not', () => {
    const { expiry, pay } = renderForm()
    type(expiry, '13')
    // Safari: the pointer goes down on the button, the field loses focus to nothing
    fireEvent.pointerDown(pay)
    fireEvent.blur(expiry, { relatedTarget: null })
    expect(expiry.getAttribute('aria-invalid')).toBeNull()
    fireEvent.pointerUp(window)
    // Chromium: the button takes the focus
    fireEvent.focus(expiry)
    fireEvent.blur(expiry, { relatedTarget: pay })
    expect(expiry.getAttribute('aria-invalid')).toBeNull()
    // leaving it for anything else shows it
    fireEvent.focus(expiry)
    fireEvent.blur(expiry, { relatedTarget: null })
    expect(expiry.getAttribute('aria-invalid')).toBe('true')
  })

  it('writes the expiry as MM / YY while it is typed', () => {
    const { expiry } = renderForm()
    type(expiry, '1230')
    expect(expiry).toHaveProperty('value', '12 / 30')
  })

  it('marks each field at fault with its own message and takes the shopper to the first', async () => {
    const { number, expiry, cvc, pay } = renderForm()
    type(number, '4242 4242 4242 4242')
    type(expiry, '1330')
    type(cvc, '12')
    fireEvent.click(pay)
    await nextFrame()

    expect(number.getAttribute('aria-invalid')).toBeNull()
    expect(expiry.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(expiry.getAttribute('aria-describedby')!)?.textContent).toBe('Your card’s expiry month is invalid.')
    expect(cvc.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(cvc.getAttribute('aria-describedby')!)?.textContent).toBe('Your card’s security code is incomplete.')
    expect(document.activeElement).toBe(expiry)
    expect(screen.queryByText('Please enter correct credit card information')).toBeNull()
    expect(confirmSandboxPayment).not.toHaveBeenCalled()
  })

  it('says a number that is not a test card is refused for that, and pays with a test card', async () => {
    const { number, expiry, cvc, pay, onOutcome } = renderForm()
    type(number, '4111 1111 1111 1111')
    type(expiry, '1239')
    type(cvc, '123')
    fireEvent.click(pay)
    await nextFrame()
    expect(number.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(number.getAttribute('aria-describedby')!)?.textContent).toMatch(/use one of the test card numbers/)
    expect(document.activeElement).toBe(number)

    fireEvent.change(number, { target: { value: '4242 4242 4242 4242' } })
    expect(number.getAttribute('aria-invalid')).toBeNull()
    await act(async () => {
      fireEvent.click(pay)
      await Promise.resolve()
    })
    expect(confirmSandboxPayment).toHaveBeenCalledWith('pi_1_secret_2', 'pm_card_visa', 'pk_test_sandbox')
    expect(onOutcome).toHaveBeenCalledWith({ status: 'succeeded' })
  })

  it('waits for a field to be left before it calls it incomplete', () => {
    const { expiry } = renderForm()
    type(expiry, '12')
    expect(expiry.getAttribute('aria-invalid')).toBeNull()
    fireEvent.blur(expiry)
    expect(expiry.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(expiry.getAttribute('aria-describedby')!)?.textContent).toBe('Your card’s expiry date is incomplete.')
  })
})
