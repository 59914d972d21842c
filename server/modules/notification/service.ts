import type { Locale } from '../../../contract/constants'
import {
  NOTIFICATION_GROUPS,
  NOTIFICATION_STATUSES,
  NOTIFICATION_TYPES,
  MAX_PUSH_DEVICES,
  ORDER_NOTIFICATION_TYPES,
  type NotificationSettings,
  type NotificationSettingsInput,
  type NotificationStatus,
  type NotificationType,
  type PushSubscriptionInput,
} from '../../../contract/notification'
import type { Paged } from '../../../contract/page'
import type { Db } from '../../db/client'
import { transaction } from '../../db/transaction'
import type { Clock } from '../../lib/clock'
import { notFound, validationFailed } from '../../lib/errors'
import { toNotification } from './present'
import { modeOf } from '../../core/notify'
import { checkEndpoint } from '../../integrations/push'
import * as repo from './repo'
import { KIND_NAMES, STATUS_NAMES } from './texts'

export interface NotificationDeps {
  db: Db
  clock: Clock
  pushServiceHosts: readonly string[]
}

const groupOf = (type: NotificationType) => (Object.entries(NOTIFICATION_GROUPS).find(([, types]) => (types as readonly string[]).includes(type))?.[0] ?? 'account') as 'order' | 'product' | 'account'

export const kinds = (locale: Locale) => NOTIFICATION_TYPES.map((type) => ({ type, name: KIND_NAMES[type][locale], group: groupOf(type), can_switch_off: !ORDER_NOTIFICATION_TYPES.includes(type) }))

export const statuses = (locale: Locale) => NOTIFICATION_STATUSES.map((status) => ({ status, name: STATUS_NAMES[status][locale] }))

export async function list(deps: NotificationDeps, userId: number, query: { page: number; per_page: number; type?: NotificationType; status?: NotificationStatus }, locale: Locale): Promise<Paged<ReturnType<typeof toNotification>>> {
  const { rows, total } = await repo.pageOf(deps.db, userId, query, query.page, query.per_page)
  return { data: rows.map((row) => toNotification(row, locale)), current_page: query.page, per_page: query.per_page, total, last_page: Math.max(1, Math.ceil(total / query.per_page)) }
}

export async function read(deps: NotificationDeps, userId: number, id: number, locale: Locale) {
  const row = await repo.markRead(deps.db, userId, id, deps.clock())
  if (!row) throw notFound('This notification was not found.')
  return toNotification(row, locale)
}

export const readAll = (deps: NotificationDeps, userId: number) => repo.markAllRead(deps.db, userId, deps.clock())

export const unread = (deps: NotificationDeps, userId: number) => repo.unreadCount(deps.db, userId)

export async function settings(deps: NotificationDeps, userId: number): Promise<NotificationSettings> {
  const [prefs, devices] = await Promise.all([repo.preferencesOf(deps.db, userId), repo.subscriptionCount(deps.db, userId)])
  return {
    kinds: NOTIFICATION_TYPES.map((type) => ({ type, mode: modeOf(prefs.modes, type), can_switch_off: !ORDER_NOTIFICATION_TYPES.includes(type) })),
    quiet_hours: prefs.quiet,
    push_devices: devices,
  }
}

export async function updateSettings(deps: NotificationDeps, userId: number, input: NotificationSettingsInput) {
  const modes = Object.fromEntries((input.kinds ?? []).map(({ type, mode }) => [type, mode]))
  await repo.savePreferences(deps.db, userId, { modes, quiet: input.quiet_hours }, deps.clock())
  return settings(deps, userId)
}

export async function subscribe(deps: NotificationDeps, userId: number, input: PushSubscriptionInput) {
  if (!checkEndpoint(input.endpoint, deps.pushServiceHosts)) {
    throw validationFailed({ endpoint: ['This push service is not supported.'] })
  }
  await transaction(deps.db, async (tx) => {
    await repo.saveSubscription(tx, { user_id: userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, created_at: deps.clock() })
    await repo.trimSubscriptions(tx, userId, MAX_PUSH_DEVICES)
  })
  return { endpoint: input.endpoint }
}

/** Removes this browser's subscription; one that is not the member's (or is gone already) is a 404. */
export async function unsubscribe(deps: NotificationDeps, userId: number, endpoint: string) {
  const removed = await repo.deleteSubscription(deps.db, userId, endpoint)
  if (removed.length === 0) throw notFound('This device does not receive push messages.')
  return true
}
