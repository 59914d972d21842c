import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import { UserIcon } from '@/ui/icons'
import { openAuthModal } from '../stores/auth-modal-store'
import { useSession } from './use-session'
import './header-account.css'

// a member's menu is fetched once a member is signed in: a visitor's first download has the button only
const MemberMenu = lazy(() => import('./member-menu').then((m) => ({ default: m.MemberMenu })))

/** The header's account entry: 'Log in/Sign up' for visitors, the member menu once signed in. */
export function HeaderAccount({ tone = 'dark' }: { tone?: 'light' | 'dark' }) {
  const { t } = useLingui()
  const { signedIn, user } = useSession()
  if (!signedIn || !user) {
    return (
      <button type="button" className={`header-account__login header-account--${tone}`} onClick={() => openAuthModal()}>
        <UserIcon size={20} />
        <span className="header-account__label">{t`Log in/Sign up`}</span>
      </button>
    )
  }
  return (
    <Suspense fallback={null}>
      <MemberMenu tone={tone} />
    </Suspense>
  )
}
