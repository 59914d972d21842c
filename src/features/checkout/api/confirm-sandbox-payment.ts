import { sandboxConfirmRequest } from '../../../../contract/payment'

export type PaymentOutcome =
  | { status: 'succeeded' | 'processing' }
  /** the card was refused; `code` is Stripe's decline code (generic_decline, insufficient_funds) */
  | { status: 'declined'; code: string | null }
  | { status: 'error' }

interface StripeErrorBody {
  error?: { type?: string; code?: string; decline_code?: string; payment_intent?: { status?: string } }
}

/**
 * Confirms a PaymentIntent at the embedded sandbox (`/v1` on the shop's origin), as Stripe.js would:
 * form-encoded, authorized by the publishable key and the intent's client secret, paying with the
 * test card's PaymentMethod id. No card number leaves the browser.
 */
export async function confirmSandboxPayment(clientSecret: string, paymentMethod: string, publishableKey: string): Promise<PaymentOutcome> {
  const { url, init } = sandboxConfirmRequest(clientSecret, paymentMethod, publishableKey)
  let response: Response
  try {
    response = await fetch(url, init)
  } catch {
    return { status: 'error' }
  }
  const body = (await response.json().catch(() => ({}))) as { status?: string } & StripeErrorBody
  if (response.ok) return body.status === 'succeeded' ? { status: 'succeeded' } : body.status === 'processing' ? { status: 'processing' } : { status: 'error' }
  if (body.error?.type === 'card_error') return { status: 'declined', code: body.error.decline_code ?? body.error.code ?? null }
  // confirmed already (a second tab, a double submit): the order page tells the truth
  if (body.error?.payment_intent?.status === 'succeeded' || body.error?.code === 'payment_intent_unexpected_state') return { status: 'processing' }
  return { status: 'error' }
}
