import { createFileRoute, redirect } from '@tanstack/react-router'

/** /user without a section shows the member's info. */
export const Route = createFileRoute('/{-$locale}/_user/user/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/{-$locale}/user/info', params: { locale: params.locale }, replace: true })
  },
})
