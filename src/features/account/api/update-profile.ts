import { useMutation } from '@tanstack/react-query'
import type { AuthUser, ProfileInput } from '../../../../contract/auth'
import type { Locale } from '../../../../contract/constants'
import { apiPut } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'

export const updateProfile = (input: ProfileInput, locale: Locale): Promise<AuthUser> =>
  apiPut<{ data: AuthUser }>('/user', input, { locale }).then((r) => r.data)

export function useUpdateProfile() {
  const locale = useLocale()
  return useMutation({ mutationFn: (input: ProfileInput) => updateProfile(input, locale) })
}
