/**
 * When the shop offers to notify by push (its own prompt, before the browser's): never on the
 * first visit, only in context (an order placed, a sold-out favourite), never again for 30 days
 * after 'Not now', and on iPhone/iPad Safari outside the installed app an explanation of adding
 * the shop to the home screen instead (push works there only once installed).
 */
export const SNOOZE_DAYS = 30
const DAY_MS = 24 * 60 * 60_000

export type PromptView = 'none' | 'ask' | 'install'

export interface PromptFacts {
  signedIn: boolean
  /** this is the device's first visit to the shop */
  firstVisit: boolean
  pushSupported: boolean
  ios: boolean
  installed: boolean
  permission: NotificationPermission | 'unsupported'
  /** this device already has a push subscription */
  subscribed: boolean
  /** when 'Not now' stops counting (ms since the epoch), or null */
  snoozedUntil: number | null
  now: number
}

export function promptView(facts: PromptFacts): PromptView {
  if (!facts.signedIn || facts.firstVisit) return 'none'
  if (facts.snoozedUntil !== null && facts.now < facts.snoozedUntil) return 'none'
  if (facts.ios && (!facts.installed || !facts.pushSupported)) return 'install'
  if (!facts.pushSupported || facts.permission === 'denied') return 'none'
  if (facts.subscribed && facts.permission === 'granted') return 'none'
  return 'ask'
}

export const snoozeUntil = (now: number): number => now + SNOOZE_DAYS * DAY_MS

// ---- what the device remembers (localStorage; the prompt is a nicety when it is unavailable) ----

const SNOOZE_KEY = 'push-prompt-snoozed-until'
function storage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[kind]
  } catch {
    return undefined
  }
}

export function readSnooze(): number | null {
  const value = Number(storage('localStorage')?.getItem(SNOOZE_KEY) ?? NaN)
  return Number.isFinite(value) ? value : null
}

export function snooze(now = Date.now()): void {
  try {
    storage('localStorage')?.setItem(SNOOZE_KEY, String(snoozeUntil(now)))
  } catch {
    // storage full or refused: the prompt may come back, which is harmless
  }
}
