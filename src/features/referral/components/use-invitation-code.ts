import { useRouterState } from '@tanstack/react-router'
import { COOKIES } from '../../../../contract/constants'
import { getCookie } from '@/lib/cookies'
import { useHydrated } from '@/lib/use-hydrated'

const CODE = /^[\w-]{1,64}$/

/** The invitation's code: the link's `referrer_code`, or the cookie the home page keeps it in until sign-up. */
export function useInvitationCode(): string | null {
  const fromLink = useRouterState({ select: (state) => (state.location.search as { referrer_code?: unknown }).referrer_code })
  const hydrated = useHydrated()
  if (!hydrated) return null
  const code = typeof fromLink === 'string' || typeof fromLink === 'number' ? String(fromLink).trim() : getCookie(COOKIES.referrerCode)
  return code && CODE.test(code) ? code : null
}

