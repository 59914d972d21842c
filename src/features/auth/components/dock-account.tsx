import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLocalePrefix } from '@/lib/i18n'
import { LoginIcon, UserIcon } from '@/ui/icons'
import { openAuthModal } from '../stores/auth-modal-store'
import { useSession } from './use-session'

/** The dock's account entry: log in for visitors, the member area for members. */
export function DockAccount() {
  const { t } = useLingui()
  const { signedIn } = useSession()
  const locale = useLocalePrefix()
  if (!signedIn) {
    return (
      <button type="button" className="mobile-dock__item" onClick={() => openAuthModal()}>
        <LoginIcon />
        <span>{t`Log in`}</span>
      </button>
    )
  }
  return (
    <Link to="/{-$locale}/user/info" params={{ locale }} className="mobile-dock__item" activeOptions={{ includeSearch: false }}>
      <UserIcon />
      <span>{t`Member`}</span>
    </Link>
  )
}
