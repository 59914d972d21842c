import { Plural, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { KeyboardEvent } from 'react'
import { NOTIFICATION_DROPDOWN_SIZE } from '../../../../contract/notification'
import { useLocalePrefix } from '@/lib/i18n'
import { BellIcon } from '@/ui/more-icons'
import { useDisclosure } from '@/ui/use-disclosure'
import { useHeadNotifications } from '../api/get-notifications'
import { useUnreadCount } from '../api/get-unread-count'
import { NotificationItem } from './notification-item'
import { UnreadBadge } from './unread-count'
import { useOpenNotification } from './use-open-notification'
import './notifications.css'

/** The header's messages (desktop): a bell with the unread count opening the newest messages and a way to all of them. */
export function HeaderMessages({ tone = 'dark' }: { tone?: 'light' | 'dark' }) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const { data: count } = useUnreadCount()
  const { open, setOpen, rootRef, buttonRef, panelId } = useDisclosure()
  const head = useHeadNotifications(open)
  const openNotification = useOpenNotification()
  const unread = count ?? 0

  const close = () => setOpen(false)
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return
    event.preventDefault()
    close()
    buttonRef.current?.focus()
  }
  const items = head.data?.data.slice(0, NOTIFICATION_DROPDOWN_SIZE) ?? []

  return (
    <div ref={rootRef} className={`header-messages header-messages--${tone}`} onKeyDown={onKeyDown}>
      <button ref={buttonRef} type="button" className="header-messages__button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
        <BellIcon />
        <span className="visually-hidden">
          <Plural value={unread} _0="Messages" one="Messages, # unread" other="Messages, # unread" />
        </span>
        <UnreadBadge count={count} />
      </button>
      <div id={panelId} className="messages-dropdown" role="region" aria-label={t`Messages`} hidden={!open}>
        {head.isPending && open ? (
          <p className="messages-dropdown__state" role="status">
            {t`Loading…`}
          </p>
        ) : head.isError && !head.data ? (
          <p className="messages-dropdown__state" role="alert">
            {t`The messages could not be loaded.`}{' '}
            <button type="button" className="link-button" onClick={() => void head.refetch()}>
              {t`Try again`}
            </button>
          </p>
        ) : items.length === 0 ? (
          <p className="messages-dropdown__state">{t`No messages yet.`}</p>
        ) : (
          <ul className="messages-dropdown__list">
            {items.map((notification) => (
              <li key={notification.id}>
                <NotificationItem
                  notification={notification}
                  compact
                  onOpen={(chosen) => {
                    close()
                    void openNotification(chosen)
                  }}
                />
              </li>
            ))}
          </ul>
        )}
        <div className="messages-dropdown__foot">
          <Link to="/{-$locale}/user/message" params={{ locale }} className="button button-secondary" onClick={close}>
            {t`All messages`}
          </Link>
        </div>
      </div>
    </div>
  )
}
