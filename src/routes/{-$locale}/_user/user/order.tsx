import { msg } from '@lingui/core/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { useOrders } from '@/features/orders/api/get-orders'
import { OrderList } from '@/features/orders/components/order-list'
import { optionalSearchChoice, optionalSearchInt } from '@/lib/search-params'
import { PageLinks } from '@/app/page-links'
import { routeHead } from '@/lib/page-head'

// a hand-typed or stale address falls back to the current orders and the first page
const OrdersSearchSchema = v.object({
  tab: optionalSearchChoice(['history']),
  page: optionalSearchInt(),
})

/** The member area's orders (spec: section order): current orders and the history, paged. */
export const Route = createFileRoute('/{-$locale}/_user/user/order')({
  validateSearch: OrdersSearchSchema,
  // no loader: it would bring the orders' code into the first download (only the component is split)
  head: routeHead(({ t }) => ({ title: t(msg`My orders`) })),
  component: OrdersPage,
})

function OrdersPage() {
  const search = Route.useSearch()
  const kind = search.tab === 'history' ? 'history' : 'current'
  const { data, isError, refetch } = useOrders(kind, search.page ?? 1)
  return (
    <OrderList
      kind={kind}
      page={data}
      failed={isError}
      onRetry={() => void refetch()}
      renderTab={(tab, content, attrs) => (
        <Link from={Route.fullPath} search={{ tab: tab === 'history' ? 'history' : undefined }} {...attrs}>
          {content}
        </Link>
      )}
      pagination={
        data ? (
          <PageLinks from="/{-$locale}/user/order" page={data.current_page} lastPage={data.last_page} />
        ) : null
      }
    />
  )
}
