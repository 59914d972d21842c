import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useEffect, useId, useState, type ReactNode } from 'react'
import { CookieBanner, hasAcceptedCookies } from './cookie-banner'
import { DetailHeader } from './detail-header'
import { Footer } from './footer'
import { Header, type ShopInfo } from './header'
import { HydrateLater } from './hydrate-later'
import { IosInstallHint } from './ios-install-hint'
import { MobileDock } from './mobile-dock'
import { useSearchNavigate } from './use-search-navigate'
import './site-layout.css'

interface SiteLayoutProps {
  shop?: ShopInfo
  /** overlay: transparent over the home banner; detail: back/home bar on phones */
  header?: 'default' | 'overlay' | 'detail'
  dock?: boolean
  /** the header's account entry (see Header) */
  account?: (tone: 'light' | 'dark') => ReactNode
  /** the dock's account entry: sign in, or the member area */
  dockAccount?: ReactNode
  children: ReactNode
}

const RESIZE_DELAY_MS = 50

// the phone's search sheet is fetched when the dock's search button first opens it
const SearchPanel = lazy(() => import('./search-panel').then((m) => ({ default: m.SearchPanel })))

/** True once the page has scrolled further than one window height. */
function useScrolledPastWindow(enabled: boolean): boolean {
  const [past, setPast] = useState(false)
  useEffect(() => {
    if (!enabled) return
    const update = () => setPast(window.scrollY > window.innerHeight)
    let timer: ReturnType<typeof setTimeout> | undefined
    const onResize = () => {
      clearTimeout(timer)
      timer = setTimeout(update, RESIZE_DELAY_MS)
    }
    update()
    window.addEventListener('scroll', update, { passive: true })
    window.addEventListener('resize', onResize)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('scroll', update)
      window.removeEventListener('resize', onResize)
    }
  }, [enabled])
  return past
}

export function SiteLayout({ shop, header = 'default', dock = true, account, dockAccount, children }: SiteLayoutProps) {
  const onSearch = useSearchNavigate()
  const [searchOpen, setSearchOpen] = useState(false)
  const closeSearch = useCallback(() => setSearchOpen(false), [])
  const searchPanelId = useId()
  const fixed = useScrolledPastWindow(header === 'overlay')
  // one notice at a time at the bottom: the install hint waits for the cookie notice's answer
  const [cookiesAnswered, setCookiesAnswered] = useState(hasAcceptedCookies)
  const keyword = useRouterState({
    select: (state) => {
      const value = (state.location.search as { keyword?: unknown }).keyword
      return typeof value === 'string' || typeof value === 'number' ? String(value) : ''
    },
  })

  return (
    <div className={`layout${dock ? ' has-dock' : ' layout--no-dock'}`}>
      {header === 'detail' ? <DetailHeader /> : null}
      <Header shop={shop} onSearch={onSearch} keyword={keyword} overlay={header === 'overlay'} fixed={fixed} className={header === 'detail' ? 'site-header--desktop-only' : ''} account={account} />
      <main id="main" className={header === 'overlay' ? 'home-main' : 'page-main'}>
        {children}
      </main>
      <HydrateLater>
        <Footer shop={shop} />
      </HydrateLater>
      {dock ? (
        <>
          <MobileDock searchOpen={searchOpen} searchPanelId={searchPanelId} onToggleSearch={() => setSearchOpen((open) => !open)}>
            {dockAccount}
          </MobileDock>
          {searchOpen ? (
            <Suspense fallback={null}>
              <SearchPanel id={searchPanelId} open onClose={closeSearch} onSearch={onSearch} />
            </Suspense>
          ) : null}
        </>
      ) : null}
      <CookieBanner privacyUrl={shop?.privacy_url} onAccept={() => setCookiesAnswered(true)} />
      <IosInstallHint hidden={!cookiesAnswered} />
    </div>
  )
}
