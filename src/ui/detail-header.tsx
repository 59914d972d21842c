import { useLingui } from '@lingui/react/macro'
import { Link, useCanGoBack, useRouter } from '@tanstack/react-router'
import { createContext, useContext, type ReactNode } from 'react'
import { useLocalePrefix } from '../lib/i18n'
import { BackIcon, HomeIcon } from './icons'
import './detail-header.css'

/** Buttons the app adds at the right of the detail header (favourite heart, cart). */
export const DetailHeaderSlot = createContext<ReactNode>(null)

/** The phone header of detail pages: back and home, then the app's buttons; messages join with their feature. */
export function DetailHeader() {
  const { t } = useLingui()
  const actions = useContext(DetailHeaderSlot)
  const router = useRouter()
  const canGoBack = useCanGoBack()
  const locale = useLocalePrefix()
  return (
    <header className="detail-header">
      <button
        type="button"
        className="detail-header__button"
        aria-label={t`Back`}
        onClick={() => (canGoBack ? router.history.back() : void router.navigate({ to: '/{-$locale}/product/list', params: { locale } }))}
      >
        <BackIcon />
      </button>
      <Link to="/{-$locale}" params={{ locale }} className="detail-header__button" aria-label={t`Home`}>
        <HomeIcon />
      </Link>
      {actions ? <div className="detail-header__actions">{actions}</div> : null}
    </header>
  )
}
