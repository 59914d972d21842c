import { useLingui } from '@lingui/react/macro'
import { Link, useCanGoBack, useRouter } from '@tanstack/react-router'
import { useLocalePrefix } from '../lib/i18n'
import { BackIcon, HomeIcon } from './icons'
import './detail-header.css'

/** The phone header of detail pages: back and home; favourite, cart and messages join with their features. */
export function DetailHeader() {
  const { t } = useLingui()
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
    </header>
  )
}
