import { useLingui } from '@lingui/react/macro'
import { createContext, useContext, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useLocalePrefix } from '../lib/i18n'
import { GridIcon, HomeIcon, SearchIcon } from './icons'
import './mobile-dock.css'

interface MobileDockProps {
  searchOpen: boolean
  searchPanelId: string
  onToggleSearch: () => void
  /** further entries given by the app (the account entry); each should use `mobile-dock__item` */
  children?: ReactNode
}

/** Entries the app adds after search (favourites, cart); each should use `mobile-dock__item`. */
export const DockEntriesSlot = createContext<ReactNode>(null)

/** The members' messages entry with its unread count, before the account; should use `mobile-dock__item`. */
export const DockMessagesSlot = createContext<ReactNode>(null)

/** Phone and tablet navigation: home, products, search, the app's entries (favourites, cart), messages, then the account. */
export function MobileDock({ searchOpen, searchPanelId, onToggleSearch, children }: MobileDockProps) {
  const { t } = useLingui()
  const entries = useContext(DockEntriesSlot)
  const messages = useContext(DockMessagesSlot)
  const locale = useLocalePrefix()
  return (
    <nav className="mobile-dock" aria-label={t`Quick navigation`}>
      <Link to="/{-$locale}" params={{ locale }} className="mobile-dock__item" activeOptions={{ exact: true, includeSearch: false }}>
        <HomeIcon />
        <span>{t`Home`}</span>
      </Link>
      <Link to="/{-$locale}/product/list" params={{ locale }} className="mobile-dock__item" activeOptions={{ includeSearch: false }}>
        <GridIcon />
        <span>{t`Products`}</span>
      </Link>
      <button type="button" className="mobile-dock__item" aria-expanded={searchOpen} aria-controls={searchPanelId} onClick={onToggleSearch}>
        <SearchIcon />
        <span>{t`Search`}</span>
      </button>
      {entries}
      {messages}
      {children}
    </nav>
  )
}
