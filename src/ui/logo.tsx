import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLocalePrefix } from '../lib/i18n'
import './logo.css'

export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const brand = t`Japan Souvenir Shop`
  return (
    <Link to="/{-$locale}" params={{ locale }} className={`logo logo--${tone}`} aria-label={t`${brand} home`}>
      <svg className="logo__mark" viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="20" fill="#e8384f" />
        <path d="M11 17h18l-1.6 11.2a2 2 0 0 1-2 1.8H14.6a2 2 0 0 1-2-1.8Z" fill="#fff" />
        <path d="M15 17v-2.5a5 5 0 0 1 10 0V17" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        <circle cx="20" cy="23" r="2.6" fill="#e8384f" />
      </svg>
      <span className="logo__text">{brand}</span>
    </Link>
  )
}
