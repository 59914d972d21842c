import * as v from 'valibot'

/** A payment's state as the shop shows it; PROCESSING is shown as unpaid. */
export const PAYMENT_STATUSES = ['PROCESSING', 'SUCCESSED', 'FAILED'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/**
 * Stripe's published test cards (docs.stripe.com/testing) and the test PaymentMethod each stands
 * for. The sandbox's test-card form accepts these numbers only and sends the PaymentMethod id,
 * never the number; the embedded sandbox knows the same PaymentMethods and nothing else.
 */
export const TEST_CARDS = [
  { number: '4242424242424242', brand: 'visa', payment_method: 'pm_card_visa', outcome: 'succeeded', decline_code: null },
  { number: '4000000000000002', brand: 'visa', payment_method: 'pm_card_chargeDeclined', outcome: 'declined', decline_code: 'generic_decline' },
  { number: '4000000000009995', brand: 'visa', payment_method: 'pm_card_chargeDeclinedInsufficientFunds', outcome: 'declined', decline_code: 'insufficient_funds' },
] as const
export type TestCard = (typeof TEST_CARDS)[number]

/** The test card for a number as typed (spaces and dashes ignored); undefined for any other number. */
export const testCardFor = (typed: string): TestCard | undefined => {
  const digits = typed.replace(/[\s-]/g, '')
  return TEST_CARDS.find((card) => card.number === digits)
}

/** `4242 4242 4242 4242`, as printed on the card. */
export const formatCardNumber = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ')

/** What the PWA needs to take a card payment, from `GET /config`. */
export const PaymentConfigSchema = v.object({
  provider: v.literal('stripe'),
  /** Stripe's publishable key (pk_...), or the sandbox's */
  publishable_key: v.string(),
  /**
   * true: the embedded Stripe-compatible sandbox answers under `/v1` on the shop's own origin;
   * show the labelled test-card form and confirm with `sandboxConfirmRequest`. false: Stripe's
   * Payment Element (`@stripe/react-stripe-js`).
   */
  sandbox: v.boolean(),
})
export type PaymentConfig = v.InferOutput<typeof PaymentConfigSchema>

/**
 * The request Stripe.js would make to confirm a PaymentIntent from the browser, aimed at the
 * sandbox on the shop's origin: the publishable key and the intent's client secret authorize it.
 */
export function sandboxConfirmRequest(clientSecret: string, paymentMethod: string, publishableKey: string) {
  const intentId = clientSecret.split('_secret_')[0]!
  return {
    url: `/v1/payment_intents/${encodeURIComponent(intentId)}/confirm`,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: publishableKey, client_secret: clientSecret, payment_method: paymentMethod }).toString(),
    },
  }
}
