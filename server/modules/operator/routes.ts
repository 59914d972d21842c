import { createHash, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { Hono } from 'hono'
import * as v from 'valibot'
import { CARRIER_CODES, OrderParamSchema, OrderSchema } from '../../../contract/order'
import { dataSchema } from '../../../contract/page'
import { AppError } from '../../lib/errors'
import { documented, validate } from '../../lib/route'
import { cancelByOperator, completeOrder, shipOrder } from '../order/service'
import type { OrderDeps } from '../order/payments'

const reason = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'is too short'), v.maxLength(200, 'is too long')))

export const ShipInputSchema = v.object({
  tracking: v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9-]{4,40}$/, 'must be a tracking number')),
  carrier: v.optional(v.picklist(CARRIER_CODES, 'is not one of the allowed values'), 'tcat'),
  reason,
})
export const CompleteInputSchema = v.object({ reason })
export const CancelInputSchema = v.object({ reason: v.pipe(v.string(), v.trim(), v.minLength(1, 'is too short'), v.maxLength(200, 'is too long')) })

const digest = (text: string) => createHash('sha256').update(text).digest()

/** `Authorization: Bearer <operator key>`, compared in constant time. */
const requireOperator =
  (key: string): MiddlewareHandler =>
  async (c, next) => {
    const given = /^Bearer (\S{1,200})$/.exec(c.req.header('authorization') ?? '')?.[1]
    if (!given || !timingSafeEqual(digest(given), digest(key))) throw new AppError('UNAUTHENTICATED', 401, 'The operator key is missing or wrong.')
    await next()
  }

/**
 * What `npm run shop -- order:...` does, over HTTP for a running shop: with PGlite the command
 * cannot open the database beside the shop, and an operator's tool elsewhere needs it anyway. The
 * same order service: each change checked against the order's state, recorded in its events,
 * and told to the member (notifications).
 */
export function operatorRoutes(deps: OrderDeps, operatorKey: string | undefined) {
  const routes = new Hono()
  if (!operatorKey) return routes
  const tags = ['Operators']
  const operator = requireOperator(operatorKey)
  const errors = { 409: 'Not allowed in the order’s current state (ORDER_TRANSITION_NOT_ALLOWED)' }
  return routes
    .post(
      '/operator/orders/:no/ship',
      documented({ summary: 'Ships a paid order (operators: OPERATOR_KEY)', tags, response: dataSchema(OrderSchema), auth: true, notFound: true, errors }),
      operator,
      validate('param', OrderParamSchema),
      validate('json', ShipInputSchema),
      async (c) => {
        const input = c.req.valid('json')
        return c.json({ data: await shipOrder(deps, c.req.valid('param').no, { tracking: input.tracking, carrier: input.carrier }, input.reason ?? null) })
      },
    )
    .post(
      '/operator/orders/:no/complete',
      documented({ summary: 'Marks a shipped order delivered (operators)', tags, response: dataSchema(OrderSchema), auth: true, notFound: true, errors }),
      operator,
      validate('param', OrderParamSchema),
      validate('json', CompleteInputSchema),
      async (c) => c.json({ data: await completeOrder(deps, c.req.valid('param').no, c.req.valid('json').reason ?? null) }),
    )
    .post(
      '/operator/orders/:no/cancel',
      documented({ summary: 'Cancels an order; a paid one is refunded (operators)', tags, response: dataSchema(OrderSchema), auth: true, notFound: true, errors }),
      operator,
      validate('param', OrderParamSchema),
      validate('json', CancelInputSchema),
      async (c) => c.json({ data: await cancelByOperator(deps, c.req.valid('param').no, c.req.valid('json').reason) }),
    )
}
