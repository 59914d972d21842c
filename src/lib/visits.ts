/**
 * Whether this page session is the device's first visit to the shop (some things, such as asking
 * to send notifications, are never offered then). `markVisit` runs at start: the first session
 * marks the device and itself, so its reloads stay the first visit and later sessions are not.
 */
const FIRST_SEEN_KEY = 'shop-first-seen'
const FIRST_VISIT_KEY = 'shop-first-visit'

let first = true

export function markVisit(local: Storage | undefined = safe('localStorage'), session: Storage | undefined = safe('sessionStorage')): void {
  if (!local) return
  try {
    if (session?.getItem(FIRST_VISIT_KEY) === '1') first = true
    else if (local.getItem(FIRST_SEEN_KEY)) first = false
    else {
      local.setItem(FIRST_SEEN_KEY, String(Date.now()))
      session?.setItem(FIRST_VISIT_KEY, '1')
      first = true
    }
  } catch {
    first = true
  }
}

export const isFirstVisit = (): boolean => first

function safe(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[kind]
  } catch {
    return undefined
  }
}
