import { useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { Asset, createRootRouteWithContext, Outlet, Scripts, useTags } from '@tanstack/react-router'
import { AuthOverlays } from '../features/auth/components/auth-overlays'
import { useSession } from '../features/auth/components/use-session'
import { useShopConfig } from '../features/shop/api/get-shop-config'
import { PendingFavourite } from '../features/favourites/components/pending-favourite'
import type { AuthGate } from '../lib/guards'
import { markAppReady } from '../lib/app-ready'
import { isServer } from '../lib/environment'
import { activateLocale, loadCatalog, useLocale } from '../lib/i18n'
import { localeFromPathname, type Locale } from '../lib/locale'
import { siteHead } from '../lib/page-head'
import { useHydrated } from '../lib/use-hydrated'
import { manifestHref } from '../../sw/manifest'
import { ErrorLayout } from '../ui/error-layout'
import { ErrorView } from '../ui/error-view'
import { RouteError } from '../ui/route-error'
import { OfflineBanner } from '../ui/offline-banner'
import { Toaster } from '../ui/toaster'
import { UpdatePrompt } from '../ui/update-prompt'
import { NotificationSlots } from '../app/notification-slots'

export interface RouterContext {
  queryClient: QueryClient
  /** the locale of the page being loaded, for API calls made by loaders */
  locale: Locale
  /** the session, settled before any guard decides */
  auth: AuthGate
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ location, preload, context }) => {
    const locale = localeFromPathname(location.pathname)
    // Preloading a link (e.g. hovering a language) must not switch the visible language.
    // A stored sign-in is checked with the server first, so guards below see the real session.
    await Promise.all([preload ? loadCatalog(locale) : activateLocale(locale), context.auth.ready()])
    return { locale }
  },
  // what every page's head shares, and what a page that could not be shown says (src/lib/page-head.ts)
  head: ({ match, matches }) => siteHead(match.context.locale, matches),
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

/**
 * The routes' heads, kept as the visitor moves on. On the server they are written into the page's
 * head apart (src/entry-server.tsx); in a page the server drew, React adopts those tags as it takes
 * over (it does so only while hydrating), all but the structured data, which is drawn here once the
 * app runs, and the server's copies go.
 */
function PageHead() {
  const hydrated = useHydrated()
  const tags = useTags()
  useEffect(() => {
    for (const script of document.head.querySelectorAll('script[type="application/ld+json"]')) script.remove()
  }, [])
  return tags.map((tag) => (tag.tag === 'script' && !hydrated ? null : <Asset {...tag} key={`tsr-meta-${JSON.stringify(tag)}`} />))
}

function Root() {
  const { t } = useLingui()
  const { data: config } = useShopConfig()
  const { signedIn } = useSession()
  // the app has taken over the page (after hydration of one the server drew): it answers input now
  useEffect(markAppReady, [])
  // the home-screen app takes the name and start page of the language it is installed from (decision 58)
  const locale = useLocale()
  useEffect(() => {
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestHref(locale))
  }, [locale])
  return (
    <>
      {isServer ? null : <PageHead />}
      <a className="skip-link" href="#main">
        {t`Skip to main content`}
      </a>
      <NotificationSlots>
        <Outlet />
      </NotificationSlots>
      <AuthOverlays
        providers={config?.auth.providers ?? []}
        lockMinutes={config?.auth.lock_minutes}
        termsUrl={config?.shop.terms_url}
        privacyUrl={config?.shop.privacy_url}
      />
      {/* a heart tapped before signing in is marked once signed in */}
      <PendingFavourite signedIn={signedIn} />
      <OfflineBanner />
      <UpdatePrompt />
      <Toaster />
      {/* the data of a page rendered on the server, for hydration (nothing in the shell) */}
      <Scripts />
    </>
  )
}
