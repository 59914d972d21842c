import { isNotFound, isRedirect, RouterProvider } from '@tanstack/react-router'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client'
import { authGate } from './features/auth/stores/auth-store'
import { isApiError } from './lib/api-client'
import { providePublicOrigin } from './lib/environment'
import { installChunkReloadGuard } from './lib/chunk-reload'
import { shopCurrency } from './lib/currency'
import { activateLocale } from './lib/i18n'
import { localeFromPathname } from './lib/locale'
import { createQueryClient } from './lib/query-client'
import { whenAppReady } from './lib/app-ready'
import { persistQueries } from './lib/query-persistence'
import { startPwa } from './lib/pwa'
import { markVisit } from './lib/visits'
import { createAppRouter } from './router'
import { deferBelowTheFold } from './ui/hydrate-later'
import './ui/styles/global.css'

// Errors an error boundary already shows as a page (API failures, not-found) are not console errors.
const onCaughtError: RootOptions['onCaughtError'] = (error, info) => {
  if (isApiError(error) || isNotFound(error) || isRedirect(error)) return
  console.warn('Caught by an error boundary:', error, info.componentStack)
}

async function start() {
  // a missing currency cookie, or one another site on the domain left, becomes the shop's
  shopCurrency()
  markVisit()
  installChunkReloadGuard()
  // check a stored sign-in while the language loads; the root route waits for it
  void authGate.ready()
  const queryClient = createQueryClient()
  const app: { router?: ReturnType<typeof createAppRouter> } = {}
  startPwa({
    // the service worker refreshed a catalogue answer that changed: show the new one
    onCatalogueUpdated: () => void queryClient.invalidateQueries({ queryKey: ['catalog'] }),
    // a notification clicked while the shop is open: show its page without reloading the app
    onNavigate: (url) => (app.router ? void app.router.navigate({ href: url }) : location.assign(url)),
  })
  // Activate the page's language before the first render: I18nProvider renders nothing without one.
  // Pages seen before come back from IndexedDB before the first loader runs, for offline use.
  const hydrating = serverRendered()
  await Promise.all([activateLocale(localeFromPathname(location.pathname)), hydrating ? undefined : persistQueries(queryClient)])
  const router = createAppRouter(queryClient, authGate)
  app.router = router
  const container = document.getElementById('root')
  if (!container) throw new Error('#root is missing from index.html')
  if (hydrating) {
    // what the server drew is painted (its first picture included) before the app's work begins
    await nextFrame()
    // The server drew this page and handed over its data: the app takes over what is on screen.
    // Answers saved on the device come back after that, or hydration would meet data the server
    // did not draw (a product's reviews from an earlier visit).
    router.options.hydrate = (dehydrated: { publicUrl?: string }) => providePublicOrigin(dehydrated.publicUrl)
    setupRouterSsrQueryIntegration({ router, queryClient })
    // what lies below the first screen is taken over after the rest (decision 67)
    deferBelowTheFold()
    void whenAppReady().then(() => persistQueries(queryClient))
    hydrateRoot(
      container,
      <StrictMode>
        <RouterClient router={router} />
      </StrictMode>,
      { onCaughtError },
    )
  } else {
    // the shell (a member's page, or any page opened offline from the service worker's copy):
    // its title and description give way to the page's own, which the app draws (src/lib/page-head.ts)
    for (const tag of document.head.querySelectorAll('title, meta[name="description"]')) tag.remove()
    createRoot(container, { onCaughtError }).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    )
  }
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

/** The server's render leaves TanStack Router's bootstrap data behind; the shell has none. */
const serverRendered = () => '$_TSR' in window && document.getElementById('root')?.hasChildNodes() === true

void start()
