import { createFileRoute } from '@tanstack/react-router'
import { FAILURE_TITLES, routeHead } from '@/lib/page-head'
import { ErrorView } from '@/ui/error-view'

export const Route = createFileRoute('/{-$locale}/_error/404')({
  head: routeHead(({ t }) => ({ title: t(FAILURE_TITLES['not-found']) })),
  component: () => <ErrorView status={404} />,
})
