/**
 * What a visitor started before the shop asked them to sign in (a heart tapped), finished once
 * they have: kept in this tab's session storage so that the trip to a social provider and back
 * keeps it, forgotten when the sign-in dialog is dismissed, and ignored after half an hour (a
 * sign-in much later was not to finish it).
 */
export type PendingAction = { kind: 'favourite'; productId: number }

const KEY = 'after_sign_in'
const LIFETIME_MS = 30 * 60_000

export function rememberPendingAction(action: PendingAction): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...action, at: Date.now() }))
  } catch {
    // storage refused: the visitor signs in and taps again
  }
}

export function forgetPendingAction(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // nothing was kept
  }
}

/** The pending action of this kind, taken (it runs once), or undefined. */
export function takePendingAction<K extends PendingAction['kind']>(kind: K): Extract<PendingAction, { kind: K }> | undefined {
  let stored: unknown
  try {
    const text = sessionStorage.getItem(KEY)
    if (text === null) return undefined
    stored = JSON.parse(text)
  } catch {
    return undefined
  }
  const action = stored as Partial<PendingAction> & { at?: unknown }
  if (action.kind !== kind) return undefined
  forgetPendingAction()
  if (typeof action.at !== 'number' || Date.now() - action.at > LIFETIME_MS || Date.now() < action.at) return undefined
  if (action.kind === 'favourite' && Number.isSafeInteger(action.productId) && action.productId! > 0) return { kind: 'favourite', productId: action.productId! } as Extract<PendingAction, { kind: K }>
  return undefined
}
