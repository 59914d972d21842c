import { createHash, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { Hono } from 'hono'
import * as v from 'valibot'
import { CARRIER_CODES, OrderParamSchema, OrderSchema } from '../../../contract/order'
import { IdParamSchema } from '../../../contract/catalogue'
import { dataSchema } from '../../../contract/page'
import { ReviewSchema } from '../../../contract/review'
import { AppError, validationFailed } from '../../lib/errors'
import { documented, validate } from '../../lib/route'
import { cancelByOperator, completeOrder, shipOrder } from '../../modules/order/service'
import { advanceParcel, shipPickupOrder, type PickupDeps } from '../pickup/parcel'
import * as orderRepo from '../../modules/order/repo'
import { moderate, type ReviewDeps } from '../../modules/review/service'

const reason = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'is too short'), v.maxLength(200, 'is too long')))

export const ShipInputSchema = v.object({
  /** home delivery's tracking number; a pick-up order's shipment is created with ECPay, whose number it gets */
  tracking: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9-]{4,40}$/, 'must be a tracking number'))),
  carrier: v.optional(v.picklist(CARRIER_CODES, 'is not one of the allowed values'), 'tcat'),
  reason,
})
export const CompleteInputSchema = v.object({ reason })
/** The sandbox's operator control: where the pick-up parcel goes next (ECPay reports what real stores do). */
export const ParcelStepInputSchema = v.object({ step: v.picklist(['shipped', 'arrived', 'picked_up', 'not_picked_up', 'store_closed'], 'is not one of the steps: shipped, arrived, picked_up, not_picked_up, store_closed') })
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
export const ReplyInputSchema = v.object({ text: v.pipe(v.string(), v.trim(), v.minLength(1, 'is too short'), v.maxLength(500, 'is too long')) })
export const ModerateInputSchema = v.object({ reason: v.pipe(v.string(), v.trim(), v.minLength(1, 'is too short'), v.maxLength(200, 'is too long')) })
export const ShowInputSchema = v.object({ reason: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'is too short'), v.maxLength(200, 'is too long')), 'shown again') })

const ModeratedSchema = v.object({
  review: ReviewSchema,
  hidden: v.boolean(),
  hidden_reason: v.nullable(v.string()),
  events: v.array(v.object({ at: v.string(), action: v.string(), actor: v.string(), reason: v.nullable(v.string()) })),
})

/** `order:ship`: a pick-up order's shipment is created with ECPay; home delivery needs the carrier's tracking number. */
export async function shipAnyOrder(deps: PickupDeps, no: string, input: { tracking?: string; carrier: (typeof CARRIER_CODES)[number]; reason?: string | null }) {
  const order = await orderRepo.orderOf(deps.db, null, no)
  if (order?.shipment === 'cvs') return shipPickupOrder(deps, no, input.reason ?? null)
  if (order && !input.tracking) throw validationFailed({ tracking: ['is required'] })
  return shipOrder(deps, no, { tracking: input.tracking ?? '', carrier: input.carrier }, input.reason ?? null)
}

export function operatorRoutes(deps: PickupDeps, reviewDeps: ReviewDeps, operatorKey: string | undefined) {
  const routes = new Hono()
  if (!operatorKey) return routes
  const tags = ['Operators']
  const operator = requireOperator(operatorKey)
  const errors = { 409: 'Not allowed in the order’s current state (ORDER_TRANSITION_NOT_ALLOWED)' }
  return routes
    .post(
      '/operator/orders/:no/ship',
      documented({
        summary: 'Ships a paid order, or a cash-on-pick-up one: home delivery with its tracking number; a pick-up order’s shipment is created with ECPay (operators: OPERATOR_KEY)',
        tags,
        response: dataSchema(OrderSchema),
        auth: true,
        notFound: true,
        errors: { 409: 'Not allowed in the order’s current state (ORDER_TRANSITION_NOT_ALLOWED), or ECPay refused the shipment (LOGISTICS_REFUSED)' },
      }),
      operator,
      validate('param', OrderParamSchema),
      validate('json', ShipInputSchema),
      async (c) => c.json({ data: await shipAnyOrder(deps, c.req.valid('param').no, c.req.valid('json')) }),
    )
    .post(
      '/operator/orders/:no/parcel',
      documented({
        summary: 'The logistics sandbox’s operator control: moves a pick-up parcel on one step, which the sandbox reports to the shop as ECPay would (operators; refused with ECPay itself)',
        tags,
        response: dataSchema(OrderSchema),
        auth: true,
        notFound: true,
        errors: { 409: 'Not a step this parcel can take now, or not the sandbox (LOGISTICS_REFUSED)' },
      }),
      operator,
      validate('param', OrderParamSchema),
      validate('json', ParcelStepInputSchema),
      async (c) => c.json({ data: await advanceParcel(deps, c.req.valid('param').no, c.req.valid('json').step) }),
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
    .post(
      '/operator/reviews/:id/reply',
      documented({ summary: 'The shop’s public reply under a review (operators)', tags, response: dataSchema(ModeratedSchema), auth: true, notFound: true }),
      operator,
      validate('param', IdParamSchema),
      validate('json', ReplyInputSchema),
      async (c) => c.json({ data: await moderate(reviewDeps, c.req.valid('param').id, { kind: 'reply', text: c.req.valid('json').text }) }),
    )
    .post(
      '/operator/reviews/:id/hide',
      documented({ summary: 'Hides a review from the product page and its figures (operators)', tags, response: dataSchema(ModeratedSchema), auth: true, notFound: true }),
      operator,
      validate('param', IdParamSchema),
      validate('json', ModerateInputSchema),
      async (c) => c.json({ data: await moderate(reviewDeps, c.req.valid('param').id, { kind: 'hide', reason: c.req.valid('json').reason }) }),
    )
    .post(
      '/operator/reviews/:id/show',
      documented({ summary: 'Shows a hidden review again (operators)', tags, response: dataSchema(ModeratedSchema), auth: true, notFound: true }),
      operator,
      validate('param', IdParamSchema),
      validate('json', ShowInputSchema),
      async (c) => c.json({ data: await moderate(reviewDeps, c.req.valid('param').id, { kind: 'show', reason: c.req.valid('json').reason }) }),
    )
}
