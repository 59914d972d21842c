import * as v from 'valibot'

/** How the PWA reaches the real-time service (pusher-js settings), read from `GET /config`. */
export const RealtimeConfigSchema = v.object({
  provider: v.literal('pusher'),
  key: v.string(),
  /** hosted Pusher's cluster; null when a host is given or the shop serves it itself */
  cluster: v.nullable(v.string()),
  /** null: the shop's own host and port, as the page was loaded (the embedded server) */
  host: v.nullable(v.string()),
  port: v.nullable(v.number()),
  /** wss: rather than ws: (ignored when host is null: the page's own scheme decides) */
  tls: v.boolean(),
  /** where private channels are authorised (bearer token, form-encoded socket_id and channel_name) */
  auth_endpoint: v.string(),
})
export type RealtimeConfig = v.InferOutput<typeof RealtimeConfigSchema>

/** The one private channel of a member, as laravel-echo names it (`private-` is added by Echo). */
export const memberChannel = (userId: number) => `User.${userId}.Notification`
export const privateMemberChannel = (userId: number) => `private-${memberChannel(userId)}`

/** The event every notification travels as on the member's channel. */
export const NOTIFICATION_EVENT = 'SendNotification'
