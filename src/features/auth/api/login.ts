import { useMutation } from '@tanstack/react-query'
import type * as v from 'valibot'
import type { LoginFormSchema, LoginResult } from '../../../../contract/auth'
import type { Locale } from '../../../../contract/constants'
import { apiPost } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

export type LoginValues = v.InferOutput<typeof LoginFormSchema>

export const login = (input: LoginValues, locale: Locale): Promise<LoginResult> =>
  apiPost<{ data: LoginResult }>('/login', input, { locale }).then((r) => r.data)

export function useLogin() {
  const locale = useLocale()
  return useMutation({ mutationFn: (input: LoginValues) => login(input, locale) })
}
