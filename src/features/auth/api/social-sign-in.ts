import { queryOptions, useMutation } from '@tanstack/react-query'
import type { LoginResult, SocialProvider } from '../../../../contract/auth'
import { COOKIES, type Locale } from '../../../../contract/constants'
import { apiGet, apiPost } from '@/lib/api-client'
import { getCookie } from '@/lib/cookies'
import { useLocale } from '@/lib/i18n'

export type AuthSource = 'ec' | 'subscribe'

/** The referrer_code cookie as the sign-in may carry it: a code's letters and digits only, else nothing. */
export const referrerCodeForSignIn = (cookie: string | undefined) => (cookie && /^[A-Za-z0-9]{1,32}$/.test(cookie.trim()) ? cookie.trim() : undefined)

/** The provider's sign-in page to send the browser to; a member it creates joins as the friend of the referrer_code cookie's owner. */
export const socialSignInUrl = (provider: SocialProvider, source: AuthSource, locale: Locale): Promise<string> => {
  const referrer = referrerCodeForSignIn(getCookie(COOKIES.referrerCode))
  return apiGet<{ data: string }>(`/auth/${provider}`, { locale, query: { source, ...(referrer ? { referrer_code: referrer } : {}) } }).then((r) => r.data)
}

/** Trades the single-use code the callback page received for a session. */
export const exchangeSocialCode = (code: string, locale: Locale): Promise<LoginResult> =>
  apiPost<{ data: LoginResult }>('/auth/social/exchange', { code }, { locale }).then((r) => r.data)

export interface PendingSocialProfile {
  provider: SocialProvider
  email: string | null
  first_name: string
  last_name: string
  source: AuthSource
}

export const getPendingSocialProfile = (ticket: string, locale: Locale, signal?: AbortSignal): Promise<PendingSocialProfile> =>
  apiGet<{ data: PendingSocialProfile }>('/auth/social-register', { locale, query: { ticket }, signal }).then((r) => r.data)

export const pendingSocialProfileQueryOptions = (ticket: string, locale: Locale) =>
  queryOptions({
    queryKey: ['auth', 'social-register', ticket],
    queryFn: ({ signal }) => getPendingSocialProfile(ticket, locale, signal),
    staleTime: Infinity,
    retry: false,
  })

export interface SocialRegisterValues {
  ticket: string
  first_name: string
  last_name: string
  email: string
  phone_number?: string
  gender?: 'MALE' | 'FEMALE' | 'OTHER' | null
  birthday?: string
  nationality?: string
  referrer_code?: string
}

export const completeSocialRegistration = (input: SocialRegisterValues, locale: Locale): Promise<LoginResult> =>
  apiPost<{ data: LoginResult }>('/auth/social-register', input, { locale }).then((r) => r.data)

export function useCompleteSocialRegistration() {
  const locale = useLocale()
  return useMutation({ mutationFn: (input: SocialRegisterValues) => completeSocialRegistration(input, locale) })
}

/** A provider account waiting to be linked to the account that has its e-mail address. */
export interface PendingSocialLink {
  provider: SocialProvider
  email: string | null
  source: AuthSource
}

export const pendingSocialLinkQueryOptions = (ticket: string, locale: Locale) =>
  queryOptions({
    queryKey: ['auth', 'social-link', ticket],
    queryFn: ({ signal }) => apiGet<{ data: PendingSocialLink }>('/auth/social-link', { locale, query: { ticket }, signal }).then((r) => r.data),
    staleTime: Infinity,
    retry: false,
  })

/** Links the waiting provider account to the member now signed in (their own sign-in proved the address). */
export const linkSocialAccount = (ticket: string, locale: Locale): Promise<{ provider: SocialProvider }> =>
  apiPost<{ data: { provider: SocialProvider } }>('/auth/social/link', { ticket }, { locale }).then((r) => r.data)
