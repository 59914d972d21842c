import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { CloseIcon } from './icons'
import './ios-install-hint.css'

const DISMISSED_KEY = 'ios-install-hint-dismissed'

const wasDismissed = (): boolean => {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(DISMISSED_KEY) === '1'
  } catch {
    return false
  }
}

/** The hint itself, until dismissed (see ios-install-hint.tsx). */
export function IosInstallNote() {
  const { t } = useLingui()
  const [dismissed, setDismissed] = useState(wasDismissed)
  if (dismissed) return null
  const dismiss = () => {
    setDismissed(true)
    try {
      localStorage.setItem(DISMISSED_KEY, '1')
    } catch {
      // private browsing without storage: hidden for this visit only
    }
  }
  return (
    <section className="ios-install-hint" aria-label={t`Install the app`}>
      {/* Safari's Share button: a box with an arrow out of it */}
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.9} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M12 3v12M8 7l4-4 4 4M7 11H5v10h14V11h-2" />
      </svg>
      <p className="ios-install-hint__text">{t`Put the shop on your home screen: tap Share, then “Add to Home Screen”.`}</p>
      <button type="button" className="ios-install-hint__close" aria-label={t`Dismiss`} onClick={dismiss}>
        <CloseIcon aria-hidden="true" />
      </button>
    </section>
  )
}
