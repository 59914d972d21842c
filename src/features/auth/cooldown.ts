import { LIMITS } from '../../../contract/auth'

/** Another reset mail may be asked for 30 seconds after the last one (the server enforces it too). */
export const RESEND_COOLDOWN_MS = LIMITS.resendCooldown * 1000
/** The reminder stays up to two seconds past the cooldown, then hides (spec section 4). */
export const REMINDER_MS = RESEND_COOLDOWN_MS + 2000

export interface Cooldown {
  /** whole seconds until another mail may be sent (0 when it may) */
  remaining: number
  canSend: boolean
  /** whether the "please wait" reminder may still be shown */
  reminder: boolean
}

const IDLE: Cooldown = { remaining: 0, canSend: true, reminder: false }

/** The cooldown at `now` for a mail last sent at `lastSend` (epoch ms), or none. */
export function cooldownAt(lastSend: number | null | undefined, now: number): Cooldown {
  if (lastSend === null || lastSend === undefined || !Number.isFinite(lastSend)) return IDLE
  // a clock set back must not make the wait longer than the cooldown itself
  const elapsed = Math.max(0, now - lastSend)
  return {
    remaining: Math.max(0, Math.ceil((RESEND_COOLDOWN_MS - elapsed) / 1000)),
    canSend: elapsed >= RESEND_COOLDOWN_MS,
    reminder: elapsed <= REMINDER_MS,
  }
}

/** The send time that makes the cooldown end when the server says (`retry_after` seconds from now). */
export const lastSendFromRetryAfter = (retryAfterSeconds: number, now: number): number =>
  now - RESEND_COOLDOWN_MS + Math.min(Math.max(0, retryAfterSeconds), LIMITS.resendCooldown) * 1000

const STORAGE_KEY = 'forgot_password_last_send'

type Store = Pick<Storage, 'getItem' | 'setItem'>

const defaultStore = (): Store | undefined => {
  try {
    return localStorage
  } catch {
    return undefined
  }
}

/** The stored time of the last reset mail, so a reload does not restart the cooldown. */
export function readLastSend(store: Store | undefined = defaultStore()): number | null {
  const value = Number(store?.getItem(STORAGE_KEY) ?? Number.NaN)
  return Number.isFinite(value) && value > 0 ? value : null
}

export function storeLastSend(at: number, store: Store | undefined = defaultStore()): void {
  try {
    store?.setItem(STORAGE_KEY, String(at))
  } catch {
    // storage full or refused: the countdown still runs for this page
  }
}
