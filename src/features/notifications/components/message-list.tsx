import { useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import type { Notification, NotificationStatus, NotificationType } from '../../../../contract/notification'
import type { Paged } from '../../../../contract/page'
import { toast } from '@/lib/toast'
import { useNotificationStatuses } from '../api/get-notification-statuses'
import { useNotificationTypes } from '../api/get-notification-types'
import { useNotifications, type NotificationFilter } from '../api/get-notifications'
import { useUnreadCount } from '../api/get-unread-count'
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read'
import { NotificationItem } from './notification-item'
import { useOpenNotification } from './use-open-notification'
import './notifications.css'
import { LoadError } from '@/ui/load-error'

interface MessageListProps {
  filter: NotificationFilter
  /** a new kind or status: the route puts it in the address (and goes back to page 1) */
  onFilterChange: (filter: Pick<NotificationFilter, 'type' | 'status'>) => void
  /** the page links, drawn by the route (it owns the address) */
  renderPagination: (page: Paged<Notification>) => ReactNode
}

/** The message page (/user/message): every message, newest first, by kind and status, paged; 'mark all read'. */
export function MessageList({ filter, onFilterChange, renderPagination }: MessageListProps) {
  const { t } = useLingui()
  const typeId = useId()
  const statusId = useId()
  const { data: page, isPending, isError, refetch, isPlaceholderData } = useNotifications(filter)
  const { data: types } = useNotificationTypes()
  const { data: statuses } = useNotificationStatuses()
  const { data: unread } = useUnreadCount()
  const markAll = useMarkAllNotificationsRead()
  const open = useOpenNotification()

  const readAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => toast.success(t`All messages are marked as read.`, { id: 'notifications-read-all' }),
      onError: (error) => toast.error(error.message, { id: 'notifications-read-all-failed' }),
    })

  return (
    <section aria-labelledby="messages-title">
      <div className="list-head">
        <h1 id="messages-title" className="page-title">
          {t`Messages`}
        </h1>
      </div>
      <div className="messages-page__filters">
        <label htmlFor={typeId}>
          {t`Kind`}
          <select id={typeId} value={filter.type ?? ''} onChange={(event) => onFilterChange({ type: (event.target.value || undefined) as NotificationType | undefined, status: filter.status })}>
            <option value="">{t`All kinds`}</option>
            {types?.map((type) => (
              <option key={type.type} value={type.type}>
                {type.name}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={statusId}>
          {t`Status`}
          <select id={statusId} value={filter.status ?? ''} onChange={(event) => onFilterChange({ type: filter.type, status: (event.target.value || undefined) as NotificationStatus | undefined })}>
            <option value="">{t`Read and unread`}</option>
            {statuses?.map((status) => (
              <option key={status.status} value={status.status}>
                {status.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button-secondary messages-page__all-read" disabled={!unread || markAll.isPending} onClick={readAll}>
          {t`Mark all as read`}
        </button>
      </div>
      {isPending ? (
        <p className="messages-page__state" role="status">
          {t`Loading…`}
        </p>
      ) : isError && !page ? (
        <LoadError message={t`The messages could not be loaded.`} onRetry={() => void refetch()} />
      ) : page.data.length === 0 ? (
        <p className="messages-page__state" role="status">
          {filter.type || filter.status ? t`No messages match this filter.` : t`No messages yet. We will tell you here when your order ships or a favourite is back.`}
        </p>
      ) : (
        <>
          <ul className="messages-page__list" aria-busy={isPlaceholderData}>
            {page.data.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} onOpen={(chosen) => void open(chosen)} />
              </li>
            ))}
          </ul>
          {renderPagination(page)}
        </>
      )}
    </section>
  )
}
