import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLocalePrefix } from '@/lib/i18n'
import { HeartIcon } from './heart-icon'

/** The dock's favourites entry (for members). */
export function DockFavourites() {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  return (
    <Link to="/{-$locale}/user/favorite" params={{ locale }} className="mobile-dock__item" activeOptions={{ includeSearch: false }}>
      <HeartIcon />
      <span>{t`Favourites`}</span>
    </Link>
  )
}
