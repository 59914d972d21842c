import { proxy } from 'valtio'
import { forgetPendingAction } from '@/lib/pending-action'

export type AuthMode = 'login' | 'register' | 'forget_password'

export interface AuthModalState {
  open: boolean
  mode: AuthMode
  /** increases at every opening, so the forms start afresh */
  opening: number
  /** where to go after signing in (a guarded page the visitor was sent away from) */
  redirect: string | undefined
  /**
   * without a redirect, whether signing in keeps the visitor on the page they opened the dialog
   * from (every dialog) or goes home (the /login page's)
   */
  stay: boolean
  /** an e-mail to prefill, e.g. after a password reset */
  email: string
}

export const authModal = proxy<AuthModalState>({ open: false, mode: 'login', opening: 0, redirect: undefined, stay: true, email: '' })

/** Opens the sign-in dialog, always on its login view. */
export function openAuthModal(options: { redirect?: string; email?: string; stay?: boolean } = {}): void {
  authModal.mode = 'login'
  authModal.redirect = options.redirect
  authModal.stay = options.stay ?? true
  authModal.email = options.email ?? ''
  authModal.opening++
  authModal.open = true
}

export function closeAuthModal(): void {
  authModal.open = false
}

/** The visitor closed the dialog without signing in: what they had started is dropped too. */
export function dismissAuthModal(): void {
  forgetPendingAction()
  closeAuthModal()
}

export function setAuthMode(mode: AuthMode): void {
  authModal.mode = mode
}

export const verifyEmailModal = proxy({ open: false })

export const openVerifyEmailModal = (): void => void (verifyEmailModal.open = true)
export const closeVerifyEmailModal = (): void => void (verifyEmailModal.open = false)
