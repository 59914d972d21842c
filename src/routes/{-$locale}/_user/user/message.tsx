import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { NOTIFICATION_STATUSES, NOTIFICATION_TYPES } from '../../../../../contract/notification-kinds'
import { MessageList } from '@/features/notifications/components/message-list'
import { optionalSearchChoice, optionalSearchInt } from '@/lib/search-params'
import { PageLinks } from '@/app/page-links'
import { routeHead } from '@/lib/page-head'

// a hand-typed or stale address falls back to all messages and the first page
const MessagesSearchSchema = v.object({
  type: optionalSearchChoice(NOTIFICATION_TYPES),
  status: optionalSearchChoice(NOTIFICATION_STATUSES),
  page: optionalSearchInt(),
})

/** The member's messages (issue 11): all of them, newest first, by kind and status, paged. */
export const Route = createFileRoute('/{-$locale}/_user/user/message')({
  validateSearch: MessagesSearchSchema,
  // no loader: the list shows what the device kept (offline too) while it asks again
  head: routeHead(({ t }) => ({ title: t(msg`Messages`) })),
  component: MessagesPage,
})

function MessagesPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <MessageList
      filter={search}
      onFilterChange={(filter) => void navigate({ search: { type: filter.type, status: filter.status }, replace: true, resetScroll: false })}
      renderPagination={(page) => (
        <PageLinks from="/{-$locale}/user/message" page={page.current_page} lastPage={page.last_page} />
      )}
    />
  )
}
