import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { useLocale } from '@/lib/i18n'
import { notificationPermission, pushErrorMessage, pushSupported } from '@/lib/push'
import { pwa } from '@/lib/pwa'
import { toast } from '@/lib/toast'
import { useHydrated } from '@/lib/use-hydrated'
import { isFirstVisit } from '@/lib/visits'
import { InstallApp } from '@/ui/install-app'
import { promptView, readSnooze, snooze } from '../stores/prompt-policy'
import { checkPushDevice, pushDevice, turnPushOn } from '../stores/push-device'
import './notifications.css'

interface PushPromptProps {
  /** what the member would be told: an order shipping, a sold-out favourite back in stock */
  reason: 'shipping' | 'restock'
  signedIn: boolean
  vapidPublicKey: string | undefined
}

/**
 * The shop's own question before the browser's, asked in context only (an order placed, a
 * sold-out favourite): 'Tell me when it ships' / 'Tell me when it is back', or 'Not now' (asked
 * again after 30 days). Where push needs the app installed first (iPhone, iPad), it says how.
 */
export function PushPrompt({ reason, signedIn, vapidPublicKey }: PushPromptProps) {
  const { t } = useLingui()
  const locale = useLocale()
  const { ios, standalone } = useSnapshot(pwa)
  const { checked, subscribed } = useSnapshot(pushDevice)
  const [dismissed, setDismissed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [now] = useState(() => Date.now())
  useEffect(() => void checkPushDevice(), [])
  // the server cannot know this device's push state: the question appears once the app runs
  const hydrated = useHydrated()

  if (!hydrated || !checked || dismissed || !vapidPublicKey) return null
  const view = promptView({
    signedIn,
    firstVisit: isFirstVisit(),
    pushSupported: pushSupported(),
    ios,
    installed: standalone,
    permission: notificationPermission(),
    subscribed,
    snoozedUntil: readSnooze(),
    now,
  })
  if (view === 'none') return null

  const notNow = () => {
    snooze()
    setDismissed(true)
  }
  const title = reason === 'shipping' ? t`Want to know when your parcel ships?` : t`Want to know when it is back in stock?`
  const accept = reason === 'shipping' ? t`Tell me when it ships` : t`Tell me when it is back`

  const turnOn = async () => {
    setBusy(true)
    try {
      const result = await turnPushOn(vapidPublicKey, locale)
      if (result === 'on') {
        toast.success(t`Push notifications are on for this device.`, { id: 'push-device' })
        setDismissed(true)
      } else if (result === 'denied') {
        // the browser said no: asking again soon would only annoy
        notNow()
      } else toast.error(t`This browser cannot receive push notifications.`, { id: 'push-device' })
    } catch (error) {
      toast.error(pushErrorMessage(error), { id: 'push-device' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <aside className="push-prompt" aria-label={t`Notifications`}>
      <p className="push-prompt__title">{title}</p>
      {view === 'install' ? (
        <>
          <p>{t`On iPhone and iPad, push notifications work once the shop is on your home screen.`}</p>
          <InstallApp />
          <div className="push-prompt__actions">
            <button type="button" className="button button-secondary" onClick={notNow}>
              {t`Not now`}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{t`We will send a notification to this device. You can change this any time in your notification settings.`}</p>
          <div className="push-prompt__actions">
            <button type="button" className="button button-primary" disabled={busy} onClick={() => void turnOn()}>
              {accept}
            </button>
            <button type="button" className="button button-secondary" disabled={busy} onClick={notNow}>
              {t`Not now`}
            </button>
          </div>
        </>
      )}
    </aside>
  )
}
