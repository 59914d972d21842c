import { useMutation } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import { apiPost } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

/** Mails a reset link; the answer is the same for unknown addresses. */
export const forgotPassword = (email: string, locale: Locale): Promise<boolean> =>
  apiPost<{ data: boolean }>('/forgot_password', { email }, { locale }).then((r) => r.data)

export function useForgotPassword() {
  const locale = useLocale()
  return useMutation({ mutationFn: (email: string) => forgotPassword(email, locale) })
}
