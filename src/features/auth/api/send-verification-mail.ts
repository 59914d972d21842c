import { useMutation } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import { apiGet } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

/** Mails the signed-in member a verification link (409 when already verified, 429 within 30 s). */
export const sendVerificationMail = (locale: Locale): Promise<boolean> =>
  apiGet<{ data: boolean }>('/user/verify_email', { locale }).then((r) => r.data)

export function useSendVerificationMail() {
  const locale = useLocale()
  return useMutation({ mutationFn: () => sendVerificationMail(locale) })
}
