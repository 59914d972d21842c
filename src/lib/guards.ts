import { redirect } from '@tanstack/react-router'
import { localeFromPathname, prefixOf } from './locale'

/**
 * Who may see a page: `member` pages send visitors to sign in (remembering where they were
 * going), `guest` pages send members home, `open` pages let everyone in.
 */
export type Access = 'open' | 'member' | 'guest'

/** What the router needs from the session: it must be settled before any guard decides. */
export interface AuthGate {
  /** resolves once a stored token has been checked with the server (or there was none) */
  ready(): Promise<void>
  isSignedIn(): boolean
}

export interface GuardLocation {
  pathname: string
  /** the path with its query string, e.g. /user/info?verified=1 */
  href: string
}

/**
 * A path inside this shop to go back to after signing in, or undefined for anything else
 * (absolute URLs, protocol-relative //host, backslash tricks, the login page itself).
 */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined
  try {
    const url = new URL(value, 'http://shop.invalid')
    if (url.origin !== 'http://shop.invalid') return undefined
    if (/^\/((en|ja)\/)?login\/?$/.test(url.pathname)) return undefined
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return undefined
  }
}

/** The home page of the language a path is in: `/`, `/en` or `/ja`. */
export function homeOf(pathname: string): string {
  const prefix = prefixOf(localeFromPathname(pathname))
  return prefix ? `/${prefix}` : '/'
}

/** The sign-in page (in the path's language) that brings the visitor back to `href` afterwards. */
export function loginHrefFor(location: GuardLocation): string {
  const prefix = prefixOf(localeFromPathname(location.pathname))
  const back = safeRedirectPath(location.href)
  const query = back ? `?redirect=${encodeURIComponent(back)}` : ''
  return `${prefix ? `/${prefix}` : ''}/login${query}`
}

/** Where a guard sends the browser instead, or null when the page may be shown. */
export function guardRedirect(access: Access, signedIn: boolean, location: GuardLocation): string | null {
  if (access === 'member' && !signedIn) return loginHrefFor(location)
  if (access === 'guest' && signedIn) return homeOf(location.pathname)
  return null
}

/**
 * A route's `beforeLoad` that lets only `access` through: waits for the session, then redirects
 * (replacing the history entry, so Back does not bounce between the two pages).
 */
export const requireAccess =
  (access: Exclude<Access, 'open'>) =>
  async ({ context, location }: { context: { auth: AuthGate }; location: GuardLocation }): Promise<void> => {
    await context.auth.ready()
    const target = guardRedirect(access, context.auth.isSignedIn(), location)
    if (target) throw redirect({ href: target, replace: true })
  }
