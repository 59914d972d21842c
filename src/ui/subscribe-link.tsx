import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useLocalePrefix } from '../lib/i18n'

interface SubscribeLinkProps {
  /** the owner's outside subscribe page (opens in a new tab), or null for the shop's own /subscribe */
  url: string | null
  className?: string
  children: ReactNode
}

/** Where "subscribe" leads: the shop's own subscribe page in the current language, or the owner's outside page. */
export function SubscribeLink({ url, className, children }: SubscribeLinkProps) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  if (url === null) {
    return (
      <Link to="/{-$locale}/subscribe" params={{ locale }} className={className}>
        {children}
      </Link>
    )
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
    </a>
  )
}
