import { Hono } from 'hono'
import * as v from 'valibot'
import { IdParamSchema } from '../../../contract/catalogue'
import { dataSchema, PageQuerySchema, pagedSchema } from '../../../contract/page'
import {
  CreateReviewInputSchema,
  OwnReviewSchema,
  PendingOrderParamSchema,
  PendingOrderSchema,
  ProductReviewsQuerySchema,
  ReviewSchema,
  ReviewSummarySchema,
  UpdateReviewInputSchema,
} from '../../../contract/review'
import { documented, validate } from '../../lib/route'
import type { RouteDeps } from '../../core/deps'
import * as service from './service'

/** Reviews ("comments" in the spec's calls): pending per order, write and edit, history, and each product's. */
export function reviewRoutes(deps: RouteDeps & service.ReviewDeps) {
  const tags = ['Reviews']
  const member = deps.members.required
  const conflicts = { 409: 'Already reviewed (REVIEW_EXISTS), or the order is not delivered yet (REVIEW_NOT_ALLOWED)' }
  return new Hono()
    .get('/comment/pending', documented({ summary: 'The member’s delivered orders with products not reviewed yet', tags, response: dataSchema(v.array(PendingOrderSchema)), auth: true }), member, async (c) =>
      c.json({ data: await service.pending(deps, c.get('session').user.id, c.get('locale')) }),
    )
    .get(
      '/comment/pending/:order_id',
      documented({ summary: 'One order’s products not reviewed yet (`order_id` is the order’s number)', tags, response: dataSchema(PendingOrderSchema), auth: true, notFound: true }),
      member,
      validate('param', PendingOrderParamSchema),
      async (c) => c.json({ data: await service.pendingOrder(deps, c.get('session').user.id, c.req.valid('param').order_id, c.get('locale')) }),
    )
    .post(
      '/comment',
      documented({ summary: 'Reviews a product of a delivered order (once per product)', tags, response: dataSchema(OwnReviewSchema), auth: true, notFound: true, created: true, errors: conflicts }),
      member,
      validate('json', CreateReviewInputSchema),
      async (c) => c.json({ data: await service.create(deps, c.get('session').user.id, c.req.valid('json'), c.get('locale')) }, 201),
    )
    .put(
      '/comment/:id',
      documented({ summary: 'Edits the member’s own review (dated as edited)', tags, response: dataSchema(OwnReviewSchema), auth: true, notFound: true }),
      member,
      validate('param', IdParamSchema),
      validate('json', UpdateReviewInputSchema),
      async (c) => c.json({ data: await service.update(deps, c.get('session').user.id, c.req.valid('param').id, c.req.valid('json'), c.get('locale')) }),
    )
    .get(
      '/comment/history',
      documented({ summary: 'The member’s reviews, newest first', tags, response: pagedSchema(OwnReviewSchema), auth: true }),
      member,
      validate('query', PageQuerySchema),
      async (c) => {
        const { page, per_page } = c.req.valid('query')
        return c.json(await service.history(deps, c.get('session').user.id, page, per_page, c.get('locale')))
      },
    )
    .get(
      '/product/:id/comment',
      documented({ summary: 'A product’s visible reviews (sort newest, highest or lowest; filter by score) with its summary', tags, response: v.object({ ...pagedSchema(ReviewSchema).entries, summary: ReviewSummarySchema }), notFound: true }),
      validate('param', IdParamSchema),
      validate('query', ProductReviewsQuerySchema),
      async (c) => c.json(await service.productReviews(deps, c.req.valid('param').id, c.req.valid('query'), c.get('locale'))),
    )
}
