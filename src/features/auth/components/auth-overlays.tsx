import { useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { AuthModal, type AuthModalProps } from './auth-modal'
import { SessionWatcher } from './session-watcher'
import { useSession } from './use-session'
import { VerifyEmailModal } from './verify-email-modal'
import { openAuthModal } from '../stores/auth-modal-store'

/** The dialogs every page shares, mounted once by the root route. */
export function AuthOverlays(props: AuthModalProps) {
  return (
    <>
      <AuthModal {...props} />
      <VerifyEmailModal />
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
