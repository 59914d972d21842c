import { QueryCache, QueryClient } from '@tanstack/react-query'
import { toast } from './toast'
import { isApiError } from './api-client'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { /** toast a failure instead of leaving it to an error boundary */ toastOnError?: boolean }
  }
}

/** How long answers are kept, in memory and in the persisted copy (src/lib/query-persistence.ts), for offline use. */
export const QUERY_MAX_AGE = 3 * 24 * 60 * 60_000

/** Every query of the signed-in member's own data starts with this key, so signing out can drop them all. */
export const MEMBER_QUERY_ROOT = 'member'

const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 1 && (!isApiError(error) || error.status === 0 || error.status >= 500)

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A failed background refetch keeps the old data on screen, so only a toast tells the user.
        // offline, the offline banner already says the shop cannot be reached: no toast per query
        if (isApiError(error) && error.status === 0 && typeof navigator !== 'undefined' && !navigator.onLine) return
        if (query.meta?.toastOnError || query.state.data !== undefined) {
          toast.error(error.message, { id: `query-${query.queryHash}` })
        }
      },
    }),
    defaultOptions: {
      queries: { staleTime: 60_000, gcTime: QUERY_MAX_AGE, retry: shouldRetry, refetchOnWindowFocus: false },
    },
  })
}
