import { useMutation } from '@tanstack/react-query'
import type { Locale } from '../../../../contract/constants'
import { apiPost } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

export interface ResetPasswordValues {
  token: string
  email: string
  password: string
  password_confirmation: string
}

export const resetPassword = (input: ResetPasswordValues, locale: Locale): Promise<boolean> =>
  apiPost<{ data: boolean }>('/reset_password', input, { locale }).then((r) => r.data)

export function useResetPassword() {
  const locale = useLocale()
  return useMutation({ mutationFn: (input: ResetPasswordValues) => resetPassword(input, locale) })
}
