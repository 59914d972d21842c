import { createFileRoute, Outlet } from '@tanstack/react-router'
import { ErrorLayout } from '@/ui/error-layout'

export const Route = createFileRoute('/{-$locale}/_error')({
  component: () => (
    <ErrorLayout>
      <Outlet />
    </ErrorLayout>
  ),
})
