import { useLingui } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import { externalBrowserUrl, promptInstall, pwa } from '../lib/pwa'
import { useHydrated } from '../lib/use-hydrated'
import { toast } from '../lib/toast'
import './install-app.css'

/**
 * Puts the shop on the home screen: the browser's own dialog where it offers one
 * (`beforeinstallprompt`), the two taps Safari needs on iPhone and iPad. Nothing once installed.
 */
export function InstallApp() {
  const { t } = useLingui()
  const { installable, standalone, ios, lineApp } = useSnapshot(pwa)
  // the server cannot tell the device: the offer appears once the app runs
  const hydrated = useHydrated()
  if (standalone || !hydrated) return null
  // LINE's own browser cannot install: the phone's browser can
  if (lineApp) {
    return (
      <div className="install-app">
        <p className="install-app__text">{t`To add the shop to your home screen, open it in your phone’s browser (Safari or Chrome) first: LINE’s browser cannot install apps.`}</p>
        <a className="button button-primary" href={externalBrowserUrl(window.location.href)}>
          {t`Open in your browser`}
        </a>
      </div>
    )
  }
  if (installable) {
    return (
      <div className="install-app">
        <p className="install-app__text">{t`Add the shop to your home screen: it opens like an app and works offline.`}</p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void promptInstall().then((installed) => installed && toast.success(t`The shop is on your home screen.`))}
        >
          {t`Install the app`}
        </button>
      </div>
    )
  }
  if (ios) {
    return (
      <div className="install-app">
        <p className="install-app__text">
          {t`Add the shop to your home screen: tap the Share button in Safari, then "Add to Home Screen".`}
        </p>
      </div>
    )
  }
  return null
}
