/** The number on the messages icon; nothing while all is read. Screen readers get it from the control's name. */
export function UnreadBadge({ count }: { count: number | undefined }) {
  if (!count) return null
  return (
    <span className="unread-badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  )
}
