import { useMutation } from '@tanstack/react-query'
import type * as v from 'valibot'
import type { ChangePasswordFormSchema, LoginResult } from '../../../../contract/auth'
import type { Locale } from '../../../../contract/constants'
import { apiPut } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

export type ChangePasswordValues = v.InferOutput<typeof ChangePasswordFormSchema>

/** Every token of the member is revoked: the answer carries the new one for this device. */
export const changePassword = (input: ChangePasswordValues, locale: Locale): Promise<LoginResult> =>
  apiPut<{ data: LoginResult }>('/user/password', input, { locale }).then((r) => r.data)

export function useChangePassword() {
  const locale = useLocale()
  return useMutation({ mutationFn: (input: ChangePasswordValues) => changePassword(input, locale) })
}
