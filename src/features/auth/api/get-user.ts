import type { AuthUser } from '../../../../contract/auth'
import { apiGet } from '@/lib/api-client'
import { currentLocale } from '@/lib/i18n'

/** The member the bearer token belongs to (401 UNAUTHENTICATED when it is missing, expired or revoked). */
export const getUser = (signal?: AbortSignal): Promise<AuthUser> =>
  apiGet<{ data: AuthUser }>('/user', { locale: currentLocale(), signal }).then((r) => r.data)
