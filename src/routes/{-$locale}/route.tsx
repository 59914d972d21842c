import { createFileRoute, notFound, Outlet, redirect } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { openAuthModal, setAuthMode } from '@/features/auth/stores/auth-modal-store'
import { useSession } from '@/features/auth/components/use-session'
import { useInvitationCode } from '@/features/referral/components/use-invitation-code'
import { DEFAULT_LOCALE, localeFromParam, prefixOf, readLocaleCookie } from '@/lib/locale'
import { ErrorLayout } from '@/ui/error-layout'
import { ErrorView } from '@/ui/error-view'
import { SearchSuggestionsSlot, type SearchSuggestionsSlotProps } from '@/ui/search-box'

export const Route = createFileRoute('/{-$locale}')({
  beforeLoad: ({ params, location }) => {
    // The optional segment also matches /fr, /zh or /sw.js (TanStack/router#4839): only real prefixes pass.
    // The root route has already activated the default language for the not-found page.
    if (localeFromParam(params.locale) === null) throw notFound()
    if (params.locale === undefined && location.pathname === '/') {
      const stored = readLocaleCookie()
      const prefix = stored && stored !== DEFAULT_LOCALE ? prefixOf(stored) : undefined
      if (prefix) throw redirect({ href: `/${prefix}${location.searchStr}`, replace: true })
    }
  },
  component: LocaleRoot,
  notFoundComponent: () => (
    <ErrorLayout>
      <ErrorView status={404} />
    </ErrorLayout>
  ),
})

// fetched when a search box is first focused, not with the first screen
const SearchSuggestions = lazy(() => import('@/features/search/components/search-suggestions').then((m) => ({ default: m.SearchSuggestions })))
const renderSearchSuggestions = (props: SearchSuggestionsSlotProps) => (
  <Suspense fallback={null}>
    <SearchSuggestions {...props} />
  </Suspense>
)

// only a visitor who opened a friend's link sees it
const InvitationBanner = lazy(() => import('@/features/referral/components/invitation-banner').then((m) => ({ default: m.InvitationBanner })))

function Invitation({ signedIn }: { signedIn: boolean }) {
  const code = useInvitationCode()
  if (!code || signedIn) return null
  return (
    <Suspense fallback={null}>
      <InvitationBanner code={code} signedIn={signedIn} onSignUp={openSignUp} />
    </Suspense>
  )
}

const openSignUp = () => {
  openAuthModal()
  setAuthMode('register')
}

/** Every search box on the site shows the search feature's suggestions; a visitor invited by a friend sees the invitation on every page until signing up. */
function LocaleRoot() {
  const { signedIn } = useSession()
  return (
    <SearchSuggestionsSlot.Provider value={renderSearchSuggestions}>
      <Invitation signedIn={signedIn} />
      {/* the home page's header is absolutely placed at the top of this box, so it sits below the invitation */}
      <div style={{ position: 'relative' }}>
        <Outlet />
      </div>
    </SearchSuggestionsSlot.Provider>
  )
}
