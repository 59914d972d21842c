import { Hono } from 'hono'
import * as v from 'valibot'
import { IdParamSchema } from '../../../contract/catalogue'
import {
  NotificationListQuerySchema,
  NotificationSchema,
  NotificationSettingsInputSchema,
  NotificationSettingsSchema,
  NotificationStatusInfoSchema,
  NotificationTypeInfoSchema,
  PushSubscriptionInputSchema,
  PushUnsubscribeInputSchema,
  UnreadCountSchema,
} from '../../../contract/notification'
import { dataSchema, pagedSchema } from '../../../contract/page'
import { documented, validate } from '../../lib/route'
import type { RouteDeps } from '../../core/deps'
import * as service from './service'

/** The message centre (the spec's calls), the member's choices, and the browsers that take web push. */
export function notificationRoutes(deps: RouteDeps & service.NotificationDeps) {
  const tags = ['Notifications']
  const member = deps.members.required
  return new Hono()
    .get('/notification-type', documented({ summary: 'The kinds of notification, with their names in the request’s language', tags, response: dataSchema(v.array(NotificationTypeInfoSchema)) }), (c) =>
      c.json({ data: service.kinds(c.get('locale')) }),
    )
    .get('/notification-status', documented({ summary: 'Read and unread, with their names', tags, response: dataSchema(dataSchema(v.array(NotificationStatusInfoSchema))) }), (c) =>
      c.json({ data: { data: service.statuses(c.get('locale')) } }),
    )
    .get(
      '/user/notification',
      documented({ summary: 'The member’s notifications, newest first; filter by `type` and `status`', tags, response: pagedSchema(NotificationSchema), auth: true }),
      member,
      validate('query', NotificationListQuerySchema),
      async (c) => c.json(await service.list(deps, c.get('session').user.id, c.req.valid('query'), c.get('locale'))),
    )
    .get('/user/unread_notification_count', documented({ summary: 'How many notifications the member has not read', tags, response: UnreadCountSchema, auth: true }), member, async (c) =>
      c.json({ data: { data: { count: await service.unread(deps, c.get('session').user.id) } } }),
    )
    .post(
      '/notification/read-all',
      documented({ summary: 'Marks every notification of the member read; answers how many were unread', tags, response: dataSchema(v.object({ updated: v.number() })), auth: true }),
      member,
      async (c) => c.json({ data: { updated: await service.readAll(deps, c.get('session').user.id) } }),
    )
    .post(
      '/notification/:id/read',
      documented({ summary: 'Marks one of the member’s notifications read (another member’s is a 404)', tags, response: dataSchema(NotificationSchema), auth: true, notFound: true }),
      member,
      validate('param', IdParamSchema),
      async (c) => c.json({ data: await service.read(deps, c.get('session').user.id, c.req.valid('param').id, c.get('locale')) }),
    )
    .get(
      '/user/notification-settings',
      documented({ summary: 'Per kind: in the shop only, also by push, or off; quiet hours for push', tags, response: dataSchema(NotificationSettingsSchema), auth: true }),
      member,
      async (c) => c.json({ data: await service.settings(deps, c.get('session').user.id) }),
    )
    .put(
      '/user/notification-settings',
      documented({ summary: 'Changes the choices given (order kinds cannot be off)', tags, response: dataSchema(NotificationSettingsSchema), auth: true }),
      member,
      validate('json', NotificationSettingsInputSchema),
      async (c) => c.json({ data: await service.updateSettings(deps, c.get('session').user.id, c.req.valid('json')) }),
    )
    .post(
      '/push-subscription',
      documented({
        summary: 'Web push on this browser: its PushSubscription (the same endpoint again replaces it)',
        tags,
        response: dataSchema(v.object({ endpoint: v.string() })),
        auth: true,
        created: true,
        errors: {
          400: 'An endpoint not written as the URL parser writes it (lower-case host, no user, no default port, no spare characters) or not at a host of PUSH_SERVICE_HOSTS (VALIDATION_FAILED, detail.endpoint: "This push service is not supported.")',
        },
      }),
      member,
      validate('json', PushSubscriptionInputSchema),
      async (c) => c.json({ data: await service.subscribe(deps, c.get('session').user.id, c.req.valid('json')) }, 201),
    )
    .delete(
      '/push-subscription',
      documented({ summary: 'No more web push on this browser', tags, response: dataSchema(v.boolean()), auth: true, notFound: true }),
      member,
      validate('json', PushUnsubscribeInputSchema),
      async (c) => c.json({ data: await service.unsubscribe(deps, c.get('session').user.id, c.req.valid('json').endpoint) }),
    )
}
