import type { ReactNode } from 'react'
import { Logo } from './logo'

/** Bare frame for standalone pages such as the subscription page: a logo and the content. */
export function MinimalLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout">
      <header className="container" style={{ display: 'flex', alignItems: 'center', height: 'var(--header-h)' }}>
        <Logo />
      </header>
      <main id="main" className="page-main">
        {children}
      </main>
    </div>
  )
}
