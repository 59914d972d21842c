import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { I18nProvider } from '@lingui/react'
import { createRouter } from '@tanstack/react-router'
import type { AuthGate } from './lib/guards'
import { i18n } from './lib/i18n'
import { parseSearch, stringifySearch } from './lib/search-params'
import { routeTree } from './route-tree.gen'
import { PageSkeleton } from './ui/page-skeleton'
import { RouteError } from './ui/route-error'
import { ErrorView } from './ui/error-view'

export function createAppRouter(queryClient: QueryClient, auth: AuthGate) {
  return createRouter({
    routeTree,
    context: { queryClient, locale: 'zh_tw', auth },
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    // TanStack Query owns freshness; the router must not serve its own cached loader results.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 250,
    defaultPendingMinMs: 300,
    scrollRestoration: true,
    // keep /product/search/?keyword= exactly as the spec writes it
    trailingSlash: 'preserve',
    defaultPendingComponent: PageSkeleton,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: () => <ErrorView status={404} />,
    Wrap: ({ children }) => (
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
      </QueryClientProvider>
    ),
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
