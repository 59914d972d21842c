import type { ReactNode } from 'react'
import { Logo } from './logo'
import './minimal-layout.css'

interface MinimalLayoutProps {
  /** beside the logo, e.g. the language menu and the account entry */
  actions?: ReactNode
  children: ReactNode
}

/** Bare frame for standalone pages such as the subscription page: a logo, a few actions and the content. */
export function MinimalLayout({ actions, children }: MinimalLayoutProps) {
  return (
    <div className="layout layout--no-dock">
      <header className="minimal-header">
        <div className="container minimal-header__inner">
          <Logo />
          {actions ? <div className="minimal-header__actions">{actions}</div> : null}
        </div>
      </header>
      <main id="main" className="page-main minimal-main">
        {children}
      </main>
    </div>
  )
}
