import { useEffect, useRef } from 'react'
import { getAuthToken, onAuthTokenChange } from '@/lib/api-client'
import { useLocale } from '@/lib/i18n'
import { CART_CHANNEL, readStoredCart, showStored, storedForMember, storeIfLoaded, whenStoreLoads } from '../stores/cart-badge'

const loadStore = () => import('../stores/cart-store')

let wired = false

/**
 * The badge's count is read from storage (and again when another tab changes it); the cart store
 * itself comes with the pages that use it, and at once for a member (or when someone signs in),
 * whose cart follows the session and the server. Once loaded, the store is started and the
 * differences a sync finds are toasted. Runs once per page.
 */
function wire(sessionReady: () => Promise<void>) {
  if (wired) return
  wired = true
  const readBadge = () =>
    void readStoredCart().then((stored) => {
      // once loaded, the store keeps the count itself
      if (!storeIfLoaded()) showStored(stored)
    })
  readBadge()
  if (typeof BroadcastChannel !== 'undefined') new BroadcastChannel(CART_CHANNEL).addEventListener('message', readBadge)

  whenStoreLoads((store) => {
    store.start({ sessionReady })
    // the wording is fetched with the first notice, not with every page
    store.onNotices((notices) => void import('./notice-toast').then(({ toastNotices }) => toastNotices(notices)))
  })
  void sessionReady()
    .catch(() => undefined)
    .then(readStoredCart)
    .then((stored) => {
      if (getAuthToken() !== null || storedForMember(stored)) void loadStore()
    })
  onAuthTokenChange(() => void loadStore())
}

/** Keeps the cart going on every page (see `wire`), and fetches a member's cart again in a newly chosen language. Renders nothing. */
export function CartRuntime({ sessionReady }: { sessionReady: () => Promise<void> }) {
  const locale = useLocale()
  const shownLocale = useRef(locale)

  useEffect(() => wire(sessionReady), [sessionReady])

  useEffect(() => {
    if (shownLocale.current === locale) return
    shownLocale.current = locale
    const store = storeIfLoaded()
    if (store?.state.owner === 'member') void store.sync({ refresh: true })
  }, [locale])

  return null
}
