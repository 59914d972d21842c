import { Hono } from 'hono'
import * as v from 'valibot'
import { privateMemberChannel } from '../../../contract/realtime'
import { AppError } from '../../lib/errors'
import { documented, validate } from '../../lib/route'
import type { RouteDeps } from '../../core/deps'
import type Pusher from 'pusher'

/** What pusher-js sends to authorise a private channel, form-encoded. */
export const ChannelAuthInputSchema = v.object(
  {
    socket_id: v.pipe(v.string('socket_id is required'), v.regex(/^\d{1,20}\.\d{1,20}$/, 'socket_id is not a socket id')),
    channel_name: v.pipe(v.string('channel_name is required'), v.regex(/^[A-Za-z0-9_\-=@,.;]{1,164}$/, 'channel_name is not a channel name')),
  },
  'socket_id and channel_name are required',
)

export const ChannelAuthSchema = v.object({
  /** `key:signature` for this socket and channel */
  auth: v.string(),
})

/**
 * `POST /broadcasting/auth`: signs a subscription to the signed-in member's own notification
 * channel (`private-User.{id}.Notification`), with the SDK's own signing; any other channel is 403.
 */
export function realtimeRoutes(deps: RouteDeps, publisher: Pusher) {
  const tags = ['Notifications']
  return new Hono().post(
    '/broadcasting/auth',
    documented({ summary: "Authorise the real-time subscription to the member's own notification channel", tags, response: ChannelAuthSchema, auth: true }),
    deps.members.required,
    validate('form', ChannelAuthInputSchema),
    (c) => {
      const { socket_id, channel_name } = c.req.valid('form')
      if (channel_name !== privateMemberChannel(c.get('session').user.id)) {
        throw new AppError('FORBIDDEN', 403, 'This channel belongs to someone else.')
      }
      return c.json(publisher.authorizeChannel(socket_id, channel_name))
    },
  )
}
