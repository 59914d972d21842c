import { useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { QuietHoursSchema, type NotificationMode, type NotificationSettings, type NotificationType, type QuietHours } from '../../../../contract/notification'
import { toast } from '@/lib/toast'
import { useNotificationSettings } from '../api/get-notification-settings'
import { useNotificationTypes } from '../api/get-notification-types'
import { useUpdateNotificationSettings } from '../api/update-notification-settings'
import { PushDeviceSwitch } from './push-device-switch'
import './notifications.css'
import { LoadError } from '@/ui/load-error'

/** The member's notification settings (/user/notification): how each kind reaches them, quiet hours, push on this device. */
export function NotificationSettingsForm({ vapidPublicKey }: { vapidPublicKey: string | undefined }) {
  const { t } = useLingui()
  const { data: settings, isPending, isError, refetch } = useNotificationSettings()
  return (
    <section aria-labelledby="notification-settings-title" className="notification-settings">
      <div className="list-head">
        <h1 id="notification-settings-title" className="page-title">
          {t`Notification settings`}
        </h1>
      </div>
      <PushDeviceSwitch vapidPublicKey={vapidPublicKey} />
      {isPending ? (
        <p className="messages-page__state" role="status">
          {t`Loading…`}
        </p>
      ) : isError && !settings ? (
        <LoadError message={t`The settings could not be loaded.`} onRetry={() => void refetch()} />
      ) : (
        <>
          <KindModes settings={settings} />
          <QuietHoursForm key={JSON.stringify(settings.quiet_hours)} quietHours={settings.quiet_hours} />
        </>
      )}
    </section>
  )
}

function KindModes({ settings }: { settings: NotificationSettings }) {
  const { t } = useLingui()
  const { data: types } = useNotificationTypes()
  const update = useUpdateNotificationSettings()
  const baseId = useId()
  const nameOf = (type: NotificationType) => types?.find((info) => info.type === type)?.name ?? type
  const change = (type: NotificationType, mode: NotificationMode) =>
    update.mutate(
      { kinds: [{ type, mode }] },
      {
        onSuccess: () => toast.success(t`Saved`, { id: 'notification-settings-saved' }),
        onError: (error) => toast.error(error.message, { id: 'notification-settings-failed' }),
      },
    )
  return (
    <fieldset>
      <legend>{t`How each kind reaches you`}</legend>
      {settings.kinds.map((kind) => {
        const id = `${baseId}-${kind.type}`
        return (
          <div key={kind.type} className="notification-settings__kind">
            <label htmlFor={id}>{nameOf(kind.type)}</label>
            <select id={id} value={kind.mode} disabled={update.isPending} aria-describedby={kind.can_switch_off ? undefined : `${id}-hint`} onChange={(event) => change(kind.type, event.target.value as NotificationMode)}>
              <option value="shop">{t`In the shop only`}</option>
              <option value="push">{t`In the shop and by push`}</option>
              <option value="off" disabled={!kind.can_switch_off}>
                {t`Off`}
              </option>
            </select>
            {kind.can_switch_off ? null : (
              <span id={`${id}-hint`} className="notification-settings__hint">
                {t`Messages about your orders always reach the message page.`}
              </span>
            )}
          </div>
        )
      })}
    </fieldset>
  )
}

function QuietHoursForm({ quietHours }: { quietHours: QuietHours }) {
  const { t } = useLingui()
  const update = useUpdateNotificationSettings()
  const [draft, setDraft] = useState(quietHours)
  const [problem, setProblem] = useState<string | null>(null)
  const startId = useId()
  const endId = useId()
  const errorId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = v.safeParse(QuietHoursSchema, draft)
    if (!parsed.success) return setProblem(t`Enter a start and an end time, such as 22:00 and 08:00.`)
    setProblem(null)
    update.mutate(
      { quiet_hours: parsed.output },
      {
        onSuccess: () => toast.success(t`Saved`, { id: 'notification-settings-saved' }),
        onError: (error) => setProblem(error.message),
      },
    )
  }
  return (
    <form onSubmit={submit} noValidate>
      <fieldset>
        <legend>{t`Quiet hours`}</legend>
        <p className="notification-settings__hint">{t`No push notifications during these hours; messages wait on the message page.`}</p>
        <label className="notification-settings__switch">
          <input type="checkbox" role="switch" checked={draft.enabled} onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })} />
          {t`Quiet hours on`}
        </label>
        <div className="notification-settings__times">
          <label htmlFor={startId}>
            {t`From`}
            <input id={startId} type="time" value={draft.start} disabled={!draft.enabled} aria-describedby={problem ? errorId : undefined} onChange={(event) => setDraft({ ...draft, start: event.target.value })} />
          </label>
          <label htmlFor={endId}>
            {t`Until`}
            <input id={endId} type="time" value={draft.end} disabled={!draft.enabled} aria-describedby={problem ? errorId : undefined} onChange={(event) => setDraft({ ...draft, end: event.target.value })} />
          </label>
        </div>
        {problem ? (
          <p id={errorId} className="form-alert" role="alert">
            {problem}
          </p>
        ) : null}
        <div>
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {t`Save quiet hours`}
          </button>
        </div>
      </fieldset>
    </form>
  )
}
