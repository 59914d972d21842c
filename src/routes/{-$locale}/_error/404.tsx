import { createFileRoute } from '@tanstack/react-router'
import { ErrorView } from '@/ui/error-view'

export const Route = createFileRoute('/{-$locale}/_error/404')({
  component: () => <ErrorView status={404} />,
})
