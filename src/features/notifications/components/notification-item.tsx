import { useLingui } from '@lingui/react/macro'
import type { Notification } from '../../../../contract/notification'
import { useLocale } from '@/lib/i18n'
import { htmlLang } from '@/lib/locale'
import { Picture } from '@/ui/picture'

interface NotificationItemProps {
  notification: Notification
  onOpen: (notification: Notification) => void
  /** the dropdown shows the first lines only */
  compact?: boolean
}

/** One message: a button that opens it; unread ones are bold with a dot and say "Unread" to screen readers. */
export function NotificationItem({ notification, onOpen, compact = false }: NotificationItemProps) {
  const { t } = useLingui()
  const lang = htmlLang(useLocale())
  const when = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(notification.created_at))
  const unread = !notification.is_read
  return (
    <button type="button" className={`notification-item${unread ? ' is-unread' : ''}${compact ? ' is-compact' : ''}`} onClick={() => onOpen(notification)}>
      {notification.image && !compact ? <Picture src={notification.image} alt="" preset="product" sizes="56px" className="notification-item__image" /> : null}
      <span className="notification-item__text">
        <span className="notification-item__title">
          {unread ? <span className="notification-item__dot" aria-hidden="true" /> : null}
          {unread ? <span className="visually-hidden">{t`Unread`}: </span> : null}
          {notification.title}
        </span>
        <span className="notification-item__content">{notification.content}</span>
        <time className="notification-item__time" dateTime={notification.created_at}>
          {when}
        </time>
      </span>
    </button>
  )
}
