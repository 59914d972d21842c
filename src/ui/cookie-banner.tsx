import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { COOKIES } from '../../contract/constants'
import { getCookie, setCookie } from '../lib/cookies'
import { useHydrated } from '../lib/use-hydrated'
import './cookie-banner.css'

export const hasAcceptedCookies = (): boolean => getCookie(COOKIES.gdpr) === '1'

export function CookieBanner({ privacyUrl, onAccept }: { privacyUrl?: string; onAccept?: () => void }) {
  const { t } = useLingui()
  // the server draws pages as for a stranger, whose answer it cannot know: the notice appears once the app runs
  const hydrated = useHydrated()
  const [accepted, setAccepted] = useState(hasAcceptedCookies)
  if (!hydrated || accepted) return null
  return (
    <section className="cookie-banner" aria-label={t`Cookie notice`}>
      <p className="cookie-banner__text">
        {t`We use cookies to remember your language and keep the shop working smoothly.`}{' '}
        {privacyUrl ? (
          <a href={privacyUrl} target="_blank" rel="noopener noreferrer">
            {t`Privacy policy`}
            <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
          </a>
        ) : null}
      </p>
      <button
        type="button"
        className="button button-primary cookie-banner__agree"
        onClick={() => {
          setCookie(COOKIES.gdpr, '1')
          setAccepted(true)
          onAccept?.()
        }}
      >
        {t`Agree`}
      </button>
    </section>
  )
}
