import { useEffect, useRef } from 'react'
import { useLocale } from '../../../lib/i18n'
import { cart } from '../stores/cart-store'

/**
 * Starts the cart for the page (stored lines, the session, the network, other tabs), tells the
 * shopper when a sync finds new prices or less stock, and fetches a member's cart again in a newly
 * chosen language. Mounted once by the app; renders nothing.
 */
export function CartRuntime({ sessionReady }: { sessionReady: () => Promise<void> }) {
  const locale = useLocale()
  const shownLocale = useRef(locale)

  useEffect(() => cart.start({ sessionReady }), [sessionReady])

  // the wording is fetched with the first notice, not with every page
  useEffect(() => cart.onNotices((notices) => void import('./notice-toast').then(({ toastNotices }) => toastNotices(notices))), [])

  useEffect(() => {
    if (shownLocale.current === locale) return
    shownLocale.current = locale
    if (cart.state.owner === 'member') void cart.sync({ refresh: true })
  }, [locale])

  return null
}
