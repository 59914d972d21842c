import { useMutation } from '@tanstack/react-query'
import type * as v from 'valibot'
import type { AuthUser, RegisterFormSchema } from '../../../../contract/auth'
import type { Locale } from '../../../../contract/constants'
import { apiPost } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

export type RegisterValues = v.InferOutput<typeof RegisterFormSchema>

/** Creates the account and mails a verification link; it does not sign in. */
export const register = (input: RegisterValues, locale: Locale): Promise<AuthUser> =>
  apiPost<{ data: AuthUser }>('/register', input, { locale }).then((r) => r.data)

export function useRegister() {
  const locale = useLocale()
  return useMutation({ mutationFn: (input: RegisterValues) => register(input, locale) })
}
