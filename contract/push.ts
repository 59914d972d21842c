import type { NotificationType } from './notification'

/**
 * What a web push carries, as the server sends it (server/integrations/push.ts) and the service
 * worker reads it (sw/notifications.ts, which trusts no field: a push may come from an older server).
 */
export interface PushMessage {
  id: number
  type: NotificationType
  title: string
  body: string
  /** a path of the shop with the member's language prefix */
  url: string
  icon: string
  badge: string
  image: string | null
  tag: string
  lang: string
}
