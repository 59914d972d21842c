import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { useLocale } from '@/lib/i18n'
import { pushErrorMessage, pushSupported } from '@/lib/push'
import { pwa } from '@/lib/pwa'
import { toast } from '@/lib/toast'
import { InstallApp } from '@/ui/install-app'
import { PUSH_DEVICES_KEY } from '../api/save-push-subscription'
import { checkPushDevice, pushDevice, turnPushOff, turnPushOn } from '../stores/push-device'

/** 'Push on this device': subscribes this browser (asking its permission) or forgets its subscription. */
export function PushDeviceSwitch({ vapidPublicKey }: { vapidPublicKey: string | undefined }) {
  const { t } = useLingui()
  const locale = useLocale()
  const queryClient = useQueryClient()
  const { checked, subscribed, permission } = useSnapshot(pushDevice)
  const { ios, standalone } = useSnapshot(pwa)
  const [busy, setBusy] = useState(false)
  useEffect(() => void checkPushDevice(), [])
  const supported = pushSupported() && !(ios && !standalone)

  const toggle = async (on: boolean) => {
    setBusy(true)
    try {
      if (on) {
        const result = vapidPublicKey ? await turnPushOn(vapidPublicKey, locale) : 'unsupported'
        if (result === 'on') toast.success(t`Push notifications are on for this device.`, { id: 'push-device' })
        else if (result === 'denied') toast.error(t`Notifications are blocked for this shop in your browser's settings.`, { id: 'push-device' })
        else toast.error(t`This browser cannot receive push notifications.`, { id: 'push-device' })
      } else {
        await turnPushOff(locale)
        toast.success(t`Push notifications are off for this device.`, { id: 'push-device' })
      }
    } catch (error) {
      toast.error(pushErrorMessage(error), { id: 'push-device' })
    } finally {
      setBusy(false)
      void queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_KEY })
    }
  }

  return (
    <fieldset>
      <legend>{t`This device`}</legend>
      {supported ? (
        <>
          <label className="notification-settings__switch">
            <input type="checkbox" role="switch" checked={subscribed} disabled={!checked || busy || !vapidPublicKey || permission === 'denied'} onChange={(event) => void toggle(event.target.checked)} />
            {t`Push notifications on this device`}
          </label>
          {permission === 'denied' ? <p className="notification-settings__hint">{t`Notifications are blocked for this shop in your browser's settings.`}</p> : null}
        </>
      ) : (
        <>
          <p className="notification-settings__hint">
            {ios ? t`On iPhone and iPad, push notifications work once the shop is on your home screen.` : t`This browser cannot receive push notifications.`}
          </p>
          <InstallApp />
        </>
      )}
    </fieldset>
  )
}
