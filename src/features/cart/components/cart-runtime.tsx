import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { toast } from 'sonner'
import { useLocale } from '../../../lib/i18n'
import { cart } from '../stores/cart-store'
import { useNoticeText } from './use-notice-text'

/**
 * Starts the cart for the page (stored lines, the session, the network, other tabs), tells the
 * shopper when a sync finds new prices or less stock, and fetches a member's cart again in a newly
 * chosen language. Mounted once by the app; renders nothing.
 */
export function CartRuntime({ sessionReady }: { sessionReady: () => Promise<void> }) {
  const { t } = useLingui()
  const describe = useNoticeText()
  const locale = useLocale()
  const shownLocale = useRef(locale)

  useEffect(() => cart.start({ sessionReady }), [sessionReady])

  useEffect(
    () =>
      cart.onNotices((notices) => {
        toast.warning(t`Your cart has changed`, { id: 'cart-changed', description: notices.map(describe).join(' ') })
      }),
    [t, describe],
  )

  useEffect(() => {
    if (shownLocale.current === locale) return
    shownLocale.current = locale
    if (cart.state.owner === 'member') void cart.sync({ refresh: true })
  }, [locale])

  return null
}
