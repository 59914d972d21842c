import type { ReactNode } from 'react'
import { LanguageMenu } from './language-menu'
import { Logo } from './logo'
import './error-layout.css'

/** The bare frame of the 404 and 500 pages: logo, language and the message. */
export function ErrorLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout error-layout">
      <header className="error-layout__header">
        <div className="container error-layout__bar">
          <Logo />
          <LanguageMenu compact />
        </div>
      </header>
      <main id="main" className="page-main container">
        {children}
      </main>
    </div>
  )
}
