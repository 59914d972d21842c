import { Hono } from 'hono'
import { OrderParamSchema, OrderSchema } from '../../../contract/order'
import { dataSchema, pagedSchema, PageQuerySchema } from '../../../contract/page'
import { documented, validate } from '../../lib/route'
import type { PaymentDeps, RouteDeps } from '../../core/deps'
import * as service from './service'

/** The member's orders: lists, one order, pay again, cancel (placing one is the checkout's: server/flows/checkout/). Another member's order is a 404. */
export function orderRoutes(deps: RouteDeps & PaymentDeps) {
  const tags = ['Orders']
  const member = deps.members.required
  const one = dataSchema(OrderSchema)
  const conflict = { 409: 'A change the order’s or payment’s state does not allow (ORDER_TRANSITION_NOT_ALLOWED, PAYMENT_TRANSITION_NOT_ALLOWED)', 503: 'Stripe did not answer (PAYMENT_PROVIDER_UNAVAILABLE); retry' }
  return new Hono()
    .get(
      '/ec-order',
      documented({ summary: 'The member’s current orders (PROCESSING, TRANSPORTING), newest first', tags, response: pagedSchema(OrderSchema), auth: true }),
      member,
      validate('query', PageQuerySchema),
      async (c) => {
        const { page, per_page } = c.req.valid('query')
        return c.json(await service.listOrders(deps, c.get('session').user.id, 'current', page, per_page, c.get('locale')))
      },
    )
    .get(
      '/ec-order/history',
      documented({ summary: 'The member’s past orders (COMPLETED, CANCEL), newest first', tags, response: pagedSchema(OrderSchema), auth: true }),
      member,
      validate('query', PageQuerySchema),
      async (c) => {
        const { page, per_page } = c.req.valid('query')
        return c.json(await service.listOrders(deps, c.get('session').user.id, 'history', page, per_page, c.get('locale')))
      },
    )
    .get(
      '/ec-order/:no',
      documented({ summary: 'One of the member’s orders (an unpaid one is first brought up to date with Stripe)', tags, response: one, auth: true, notFound: true }),
      member,
      validate('param', OrderParamSchema),
      async (c) => c.json({ data: await service.orderDetail(deps, c.get('session').user.id, c.req.valid('param').no, c.get('locale')) }),
    )
    .post(
      '/ec-order/:no/pay',
      documented({ summary: 'Pay again after a FAILED payment: answers the order with a fresh `payment.client_secret`', tags, response: one, auth: true, notFound: true, errors: conflict }),
      member,
      validate('param', OrderParamSchema),
      async (c) => c.json({ data: await service.payAgain(deps, c.get('session').user.id, c.req.valid('param').no, c.get('locale')) }),
    )
    .post(
      '/ec-order/:no/cancel',
      documented({ summary: 'Cancel an order not shipped yet; a paid one is refunded. Stock and coupon are given back.', tags, response: one, auth: true, notFound: true, errors: conflict }),
      member,
      validate('param', OrderParamSchema),
      async (c) => c.json({ data: await service.cancelOwnOrder(deps, c.get('session').user.id, c.req.valid('param').no, c.get('locale')) }),
    )
}
