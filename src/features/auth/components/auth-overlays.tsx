import { useRouter, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect } from 'react'
import { useSnapshot } from 'valtio'
import type { AuthModalProps } from './auth-modal'
import { SessionWatcher } from './session-watcher'
import { useSession } from './use-session'
import { authModal, openAuthModal, verifyEmailModal } from '../stores/auth-modal-store'

// The dialogs and their forms are fetched the first time one opens, not with every page.
const AuthModal = lazy(() => import('./auth-modal').then((module) => ({ default: module.AuthModal })))
const VerifyEmailModal = lazy(() => import('./verify-email-modal').then((module) => ({ default: module.VerifyEmailModal })))

/** The dialogs every page shares, mounted once by the root route. */
export function AuthOverlays(props: AuthModalProps) {
  const { opening } = useSnapshot(authModal)
  const { open: verifyOpen } = useSnapshot(verifyEmailModal)
  return (
    <>
      <Suspense fallback={null}>
        {opening > 0 && <AuthModal {...props} />}
        {verifyOpen && <VerifyEmailModal />}
      </Suspense>
      <SessionWatcher />
      <ModalParam />
    </>
  )
}

/** `?modal=sign` on any page opens the sign-in dialog for visitors, then leaves the address clean. */
function ModalParam() {
  const wanted = useRouterState({ select: (state) => (state.location.search as { modal?: unknown }).modal === 'sign' })
  const { signedIn, ready } = useSession()
  const router = useRouter()
  useEffect(() => {
    if (!wanted || !ready) return
    if (!signedIn) openAuthModal()
    const url = new URL(window.location.href)
    url.searchParams.delete('modal')
    void router.navigate({ href: `${url.pathname}${url.search}${url.hash}`, replace: true, resetScroll: false })
  }, [wanted, ready, signedIn, router])
  return null
}
