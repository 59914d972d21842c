import { useMutation } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import { apiPost } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

/** The payment provider's customer portal for this member, where the card is changed. */
export const openPaymentPortal = (locale: Locale): Promise<string> =>
  apiPost<{ data: { url: string } }>('/user/subscription/portal', undefined, { locale }).then((r) => r.data.url)

export function useOpenPaymentPortal() {
  const locale = useLocale()
  return useMutation({ mutationFn: () => openPaymentPortal(locale) })
}
