import { useMutation } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import type { SubscriptionCheckoutInput } from '../../../../contract/subscription'
import { apiPost } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

/** Opens a checkout session for a plan: the answer is the hosted payment page to send the member to. */
export const startSubscriptionCheckout = (locale: Locale, input: SubscriptionCheckoutInput): Promise<string> =>
  apiPost<{ data: { url: string } }>('/subscription/checkout', input, { locale }).then((r) => r.data.url)

export function useStartSubscriptionCheckout() {
  const locale = useLocale()
  return useMutation({ mutationFn: (input: SubscriptionCheckoutInput) => startSubscriptionCheckout(locale, input) })
}
