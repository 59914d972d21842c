import type { MiddlewareHandler } from 'hono'
import type { Config } from '../config'
import type { Db, DbOrTx } from '../db/client'
import type { orders, users } from '../db/schema'
import type { Clock } from '../lib/clock'
import type { Logger } from '../lib/logger'
import type { Mailer } from '../integrations/mail'
import type { PaymentGateway } from '../integrations/payments'

/**
 * What the rest of the shop does in the transaction that creates or verifies a member: the auth
 * module calls these and knows nothing more of them (server/flows/member-effects.ts writes them).
 */
export interface MemberEffects {
  /** a member signed up with `referredBy`'s referrer code */
  joined(tx: DbOrTx, member: typeof users.$inferSelect, referredBy: number, now: Date): Promise<void>
  /** a member's e-mail address was verified */
  verified(tx: DbOrTx, memberId: number, now: Date): Promise<void>
}

/** What every module's services receive (server/app.ts builds it once). */
export interface ServiceDeps {
  db: Db
  clock: Clock
  mailer: Mailer
  config: Config
  logger: Logger
  /** work a request leaves running after its answer (a reset mail being sent): graceful shutdown waits for it (decision 31) */
  afterAnswer?: (work: Promise<unknown>) => void
  memberEffects: MemberEffects
}

/**
 * The guards a module's routes put in front of member endpoints. The auth module makes them
 * (server/modules/auth/middleware.ts); other modules get them here, so none imports auth.
 */
export interface MemberGuards {
  /** a live bearer token or 401; the session is then `c.get('session')` */
  required: MiddlewareHandler
  /** a visitor or a member: `c.get('viewer')` is the session or undefined */
  optional: MiddlewareHandler
}

/** What a module's routes receive. */
export interface RouteDeps extends ServiceDeps {
  members: MemberGuards
}

/**
 * What the rest of the shop does in the transaction that cancels or delivers an order: the order
 * module calls these and knows nothing more of them (server/flows/order-effects.ts writes them).
 */
export interface OrderEffects {
  /** an order was cancelled and `released` went back to stock */
  cancelled(tx: DbOrTx, order: typeof orders.$inferSelect, released: { variantId: number; quantity: number }[], now: Date): Promise<void>
  /** an order was delivered */
  delivered(tx: DbOrTx, order: typeof orders.$inferSelect, now: Date): Promise<void>
}

/** Modules that take or refund money (orders, the snack box) also reach the payment service, and what an order's end sets off. */
export interface PaymentDeps extends Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'logger'> {
  gateway: PaymentGateway
  orderEffects: OrderEffects
}
