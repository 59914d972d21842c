import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { toast } from '@/lib/toast'
import { useSnapshot } from 'valtio'
import type { AuthUser, LoginResult } from '../../../../contract/auth'
import { homeOf, safeRedirectPath } from '@/lib/guards'
import { useHydrated } from '@/lib/use-hydrated'
import { useLocale } from '@/lib/i18n'
import { MEMBER_QUERY_ROOT } from '@/lib/query-client'
import { runBeforeSignOut } from '@/lib/sign-out-tasks'
import { logout } from '../api/logout'
import { getUser } from '../api/get-user'
import { closeAuthModal, openVerifyEmailModal } from '../stores/auth-modal-store'
import { auth } from '../stores/auth-store'
import type { AuthSource } from '../api/social-sign-in'
import { pathWithoutLocale } from '@/lib/locale'

/** The session as components see it; re-renders when it changes. */
export function useSession() {
  const { token, user } = useSnapshot(auth.state)
  const { ready } = useSnapshot(auth.status)
  // the server drew the page for a visitor whose session it had not checked
  if (!useHydrated()) return { signedIn: false, user: null, ready: false }
  // snapshots are deeply read-only; components only read the member
  return { signedIn: token !== null, user: user as AuthUser | null, ready }
}

const isSubscribePage = (pathname: string) => /^\/subscribe\/?$/.test(pathWithoutLocale(pathname))

/**
 * After a sign-in the shop goes where the visitor was headed (a guarded page remembered in
 * `redirect`); a sign-in in a dialog opened over a page (`stay`) stays on it, so what the visitor
 * was doing there goes on; otherwise (the /login page, a provider's return) to /subscribe for a
 * sign-in that started there, and home (spec section 4).
 */
export function useCompleteSignIn() {
  const { t } = useLingui()
  const router = useRouter()
  return (result: LoginResult, options: { redirect?: string; source?: AuthSource; stay?: boolean } = {}) => {
    auth.signIn(result)
    closeAuthModal()
    toast.success(t`Login successful`, { id: 'signed-in' })
    if (!result.user.email_verified_at) openVerifyEmailModal()
    const pathname = router.state.location.pathname
    // a sign-in from the subscribe page's own header stays there, like one that went through a provider
    const subscribe = isSubscribePage(pathname) ? pathname : options.source === 'subscribe' ? subscribePage(router, pathname) : undefined
    const target = safeRedirectPath(options.redirect) ?? (options.stay ? undefined : (subscribe ?? homeOf(pathname)))
    if (target !== undefined) void router.navigate({ href: target })
  }
}

/** The subscribe page in the current language, when the shop has one. */
function subscribePage(router: ReturnType<typeof useRouter>, pathname: string): string | undefined {
  const exists = Object.keys(router.routesByPath).some((path) => path.endsWith('/subscribe'))
  if (!exists) return undefined
  const home = homeOf(pathname)
  return home === '/' ? '/subscribe' : `${home}/subscribe`
}

/** Signs out here and on the server, forgets the member's cached data and leaves for / (or stays on /subscribe). */
export function useSignOut() {
  const { t } = useLingui()
  const router = useRouter()
  const queryClient = useQueryClient()
  const locale = useLocale()
  return async () => {
    // e.g. this device's push subscription is forgotten by the server while the token still works
    await runBeforeSignOut()
    try {
      await logout(locale)
    } catch {
      // offline or already revoked: the token is forgotten on this device all the same
    }
    const pathname = router.state.location.pathname
    await router.navigate({ href: isSubscribePage(pathname) ? pathname : homeOf(pathname) })
    auth.signOut()
    queryClient.removeQueries({ queryKey: [MEMBER_QUERY_ROOT] })
    toast.success(t`You have logged out`, { id: 'signed-out' })
  }
}

/** Reloads the member from the server (e.g. after the e-mail was verified in another tab). */
export async function refreshUser(): Promise<void> {
  if (!auth.isSignedIn()) return
  try {
    auth.setUser(await getUser())
  } catch {
    // the stored member stays; a refused token is handled by the API client
  }
}
