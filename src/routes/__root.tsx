import { useLingui } from '@lingui/react/macro'
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { activateLocale, loadCatalog } from '../lib/i18n'
import { localeFromPathname, type Locale } from '../lib/locale'
import { ErrorLayout } from '../ui/error-layout'
import { ErrorView } from '../ui/error-view'
import { RouteError } from '../ui/route-error'
import { Toaster } from '../ui/toaster'

export interface RouterContext {
  queryClient: QueryClient
  /** the locale of the page being loaded, for API calls made by loaders */
  locale: Locale
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ location, preload }) => {
    const locale = localeFromPathname(location.pathname)
    // Preloading a link (e.g. hovering a language) must not switch the visible language.
    await (preload ? loadCatalog(locale) : activateLocale(locale))
    return { locale }
  },
  component: Root,
  notFoundComponent: () => (
    <ErrorLayout>
      <ErrorView status={404} />
    </ErrorLayout>
  ),
  errorComponent: (props) => (
    <ErrorLayout>
      <RouteError {...props} />
    </ErrorLayout>
  ),
})

function Root() {
  const { t } = useLingui()
  return (
    <>
      <a className="skip-link" href="#main">
        {t`Skip to main content`}
      </a>
      <Outlet />
      <Toaster />
    </>
  )
}
