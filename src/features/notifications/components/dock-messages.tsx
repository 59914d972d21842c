import { Plural, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLocalePrefix } from '@/lib/i18n'
import { BellIcon } from '@/ui/more-icons'
import { useUnreadCount } from '../api/get-unread-count'
import { UnreadBadge } from './unread-count'
import './notifications.css'

/** The dock's messages entry (members), with the unread count. */
export function DockMessages() {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const { data: count } = useUnreadCount()
  const unread = count ?? 0
  return (
    <Link to="/{-$locale}/user/message" params={{ locale }} className="mobile-dock__item dock-messages" activeOptions={{ includeSearch: false }}>
      <span className="dock-messages__icon">
        <BellIcon />
        <UnreadBadge count={count} />
      </span>
      <span aria-hidden="true">{t`Messages`}</span>
      <span className="visually-hidden">
        <Plural value={unread} _0="Messages" one="Messages, # unread" other="Messages, # unread" />
      </span>
    </Link>
  )
}
