import type { Locale } from '../../../../contract/constants'
import { apiGet } from '@/lib/api-client'

/** Revokes the current token on the server. */
export const logout = (locale: Locale): Promise<boolean> => apiGet<{ data: boolean }>('/logout', { locale }).then((r) => r.data)
