import type { ReactNode } from 'react'
import './auth-modal.css'
import './auth-page.css'

/** The frame of the sign-in related pages: a centred card with a title. */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container auth-page">
      <section className="auth-page__card" aria-labelledby="auth-page-title">
        <h1 id="auth-page-title" className="page-title auth-page__title">
          {title}
        </h1>
        {children}
      </section>
    </div>
  )
}
