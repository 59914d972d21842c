import { useLingui } from '@lingui/react/macro'
import { useOnline } from '../lib/use-online'
import './offline-banner.css'

/** Says so while the connection is down: what shows was saved earlier and may be out of date. */
export function OfflineBanner() {
  const { t } = useLingui()
  const online = useOnline()
  return (
    <div className="offline-banner" role="status" aria-live="polite" hidden={online}>
      {online ? null : t`You are offline. You can keep browsing what you have seen; the cart sends your changes when you are back online.`}
    </div>
  )
}
