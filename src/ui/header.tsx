import { useLingui } from '@lingui/react/macro'
import { createContext, useContext, type ReactNode } from 'react'
import type { PublicConfig } from '../../contract/shop'
import { GiftIcon } from './icons'
import { LanguageMenu } from './language-menu'
import { Logo } from './logo'
import { SearchBox } from './search-box'
import { SubscribeLink } from './subscribe-link'
import './header.css'

export type ShopInfo = PublicConfig['shop']

/** The header's messages entry (icon, unread count, dropdown) for members, given by the app; drawn in the header's tone. */
export const HeaderMessagesSlot = createContext<((tone: 'light' | 'dark') => ReactNode) | null>(null)

/** The header's cart entry (icon, count, dropdown), given by the app; drawn in the header's tone. */
export const HeaderCartSlot = createContext<((tone: 'light' | 'dark') => ReactNode) | null>(null)

interface HeaderProps {
  shop?: ShopInfo
  onSearch: (keyword: string) => void
  /** the keyword of the search page being shown, so the box reflects it */
  keyword?: string
  /** transparent over the home banner until it turns fixed */
  overlay?: boolean
  fixed?: boolean
  className?: string
  /** the account entry (sign-in link or member menu), given by the app; drawn in the header's tone */
  account?: (tone: 'light' | 'dark') => ReactNode
}

export function Header({ shop, onSearch, keyword = '', overlay = false, fixed = false, className = '', account }: HeaderProps) {
  const { t } = useLingui()
  const light = overlay && !fixed
  const cart = useContext(HeaderCartSlot)
  const messages = useContext(HeaderMessagesSlot)
  return (
    <header className={`site-header${overlay ? ' site-header--overlay' : ''}${fixed ? ' is-fixed' : ''} ${className}`}>
      <div className="container site-header__inner">
        <Logo tone={light ? 'light' : 'dark'} />
        <div className="site-header__search">
          <SearchBox key={keyword} initialKeyword={keyword} onSearch={onSearch} tone={light ? 'glass' : 'solid'} />
        </div>
        <div className="site-header__actions">
          {shop ? (
            <SubscribeLink url={shop.subscribe_url} className="site-header__subscribe">
              <GiftIcon size={18} />
              <span>{t`Subscribe`}</span>
            </SubscribeLink>
          ) : null}
          <LanguageMenu tone={light ? 'light' : 'dark'} compact />
          {messages?.(light ? 'light' : 'dark')}
          {cart?.(light ? 'light' : 'dark')}
          {account?.(light ? 'light' : 'dark')}
        </div>
      </div>
    </header>
  )
}
