import { COOKIE_MAX_AGE_DAYS } from '../../contract/constants'
import { cookieSource, isServer } from './environment'

export function getCookie(name: string, source: string = cookieSource()): string | undefined {
  for (const part of source.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(eq + 1).trim())
    } catch {
      return undefined
    }
  }
  return undefined
}

export function serializeCookie(name: string, value: string, days: number = COOKIE_MAX_AGE_DAYS, secure = false): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', `max-age=${Math.round(days * 86_400)}`, 'samesite=lax']
  if (secure) parts.push('secure')
  return parts.join('; ')
}

export function setCookie(name: string, value: string, days: number = COOKIE_MAX_AGE_DAYS): void {
  // a page rendered on the server sets nothing: the browser sets its cookies once it runs the page
  if (isServer) return
  document.cookie = serializeCookie(name, value, days, location.protocol === 'https:')
}
