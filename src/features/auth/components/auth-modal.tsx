import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio'
import type { SocialProvider } from '../../../../contract/auth'
import { BackIcon } from '@/ui/icons'
import { Modal } from '@/ui/modal'
import { authModal, dismissAuthModal, setAuthMode } from '../stores/auth-modal-store'
import { ForgotPasswordForm } from './forgot-password-form'
import { LoginForm } from './login-form'
import { RegisterForm } from './register-form'
import './auth-modal.css'

export interface AuthModalProps {
  providers: readonly SocialProvider[]
  termsUrl?: string
  privacyUrl?: string
  lockMinutes: number | undefined
}

/** The sign-in dialog: login, register and forget_password views; it opens on login every time. */
export function AuthModal({ providers, termsUrl, privacyUrl, lockMinutes }: AuthModalProps) {
  const { t } = useLingui()
  const { open, mode, opening, redirect, stay, email } = useSnapshot(authModal)
  // a sign-in through a provider leaves the page: it comes back to the page the dialog is over
  const here = useRouterState({ select: (state) => state.location.href })
  const returnTo = redirect ?? (stay ? here : undefined)
  const bodyRef = useRef<HTMLDivElement>(null)
  const shownMode = useRef(mode)

  // moving between views puts focus on the new view's first field, as opening the dialog does
  useEffect(() => {
    if (shownMode.current === mode) return
    shownMode.current = mode
    bodyRef.current?.querySelector<HTMLElement>('input, select')?.focus()
  }, [mode])

  const titles = { login: t`Log in`, register: t`Sign up`, forget_password: t`Forgot password` }
  const back =
    mode === 'login' ? undefined : (
      <button type="button" className="icon-button" aria-label={t`Back to log in`} onClick={() => setAuthMode('login')}>
        <BackIcon size={20} />
      </button>
    )

  return (
    <Modal open={open} onClose={dismissAuthModal} title={titles[mode]} leading={back} className="auth-modal">
      <div ref={bodyRef} key={`${opening}-${mode}`}>
        {mode === 'login' ? (
          <LoginForm
            initialEmail={email}
            redirect={redirect}
            stay={stay}
            socialRedirect={returnTo}
            providers={providers}
            lockMinutes={lockMinutes}
            onForgot={() => setAuthMode('forget_password')}
            onRegister={() => setAuthMode('register')}
          />
        ) : mode === 'register' ? (
          <RegisterForm providers={providers} termsUrl={termsUrl} privacyUrl={privacyUrl} redirect={returnTo} onDone={dismissAuthModal} onLogin={() => setAuthMode('login')} />
        ) : (
          <ForgotPasswordForm providers={providers} redirect={returnTo} onDone={dismissAuthModal} />
        )}
      </div>
    </Modal>
  )
}
