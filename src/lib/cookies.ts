import { COOKIE_MAX_AGE_DAYS } from '../../contract/constants'

export function getCookie(name: string, source: string = document.cookie): string | undefined {
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
  document.cookie = serializeCookie(name, value, days, location.protocol === 'https:')
}
