import { Hono, type MiddlewareHandler } from 'hono'
import { CreateOrderInputSchema, OrderParamSchema, OrderSchema } from '../../../contract/order'
import { dataSchema, pagedSchema, PageQuerySchema } from '../../../contract/page'
import { AppError } from '../../lib/errors'
import { documented, validate } from '../../lib/route'
import { requireUser } from '../auth/middleware'
import type { AuthDeps } from '../auth/service'
import type { CarrierChecker } from '../invoice/carrier-check'
import type { OrderDeps } from './payments'
import * as service from './service'

const KEY = 'idempotency-key'

/** The checkout's Idempotency-Key is required: without it a double click could buy twice. */
const requireKey: MiddlewareHandler = async (c, next) => {
  const key = c.req.header(KEY)?.trim()
  if (!key || key.length > 200) {
    throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 400, 'An Idempotency-Key header (1 to 200 characters) is required.', { 'Idempotency-Key': ['is required'] })
  }
  await next()
}

/** The member's orders: checkout, lists, one order, pay again, cancel. Another member's order is a 404. */
export function orderRoutes(deps: AuthDeps & OrderDeps & { carrier: CarrierChecker }) {
  const tags = ['Orders']
  const member = requireUser(deps)
  const one = dataSchema(OrderSchema)
  const conflict = { 409: 'A change the order’s or payment’s state does not allow (ORDER_TRANSITION_NOT_ALLOWED, PAYMENT_TRANSITION_NOT_ALLOWED)', 503: 'Stripe did not answer (PAYMENT_PROVIDER_UNAVAILABLE); retry' }
  return new Hono()
    .post(
      '/ec-order',
      documented({
        summary:
          'Place an order from the lines the shopper sees. Requires `Idempotency-Key`: the same key answers the same order (a different body under a used key is 422 IDEMPOTENCY_KEY_REUSED). Prices and totals come from the server; stock is reserved at once. The answer holds `payment.client_secret` for Stripe.js or the sandbox.',
        tags,
        response: one,
        created: true,
        auth: true,
        notFound: true,
        errors: {
          400: "The Ministry of Finance says the invoice's mobile barcode does not exist (CARRIER_NOT_FOUND, `detail['invoice.carrier_code']`, as `/invoice/check-carrier` answers); nothing is changed. When the Ministry cannot answer, the order is placed with the barcode recorded as unverified",
          403: 'The member’s e-mail is not verified, no order of theirs was ever paid, and this order would make more than one unpaid order, or hold more than UNVERIFIED_MAX_UNITS units (EMAIL_NOT_VERIFIED; `detail.max_unpaid_orders`, `detail.max_units`); nothing is changed',
          409: "Not enough stock (OUT_OF_STOCK), product gone (PRODUCT_UNAVAILABLE), the member already holds MAX_UNPAID_ORDERS unpaid orders (UNPAID_ORDER_LIMIT; `detail.max_unpaid_orders`), or a line would leave the member holding unpaid more than 3 units or half, rounded up, of the variant’s stock left plus their own unpaid units of it, whichever is more (VARIANT_HOLD_LIMIT, as the quote’s `max_quantity` said; `detail['lines.N']` names the first such line, `detail.max_quantity` how many of it the member may order now, 0 until a waiting order is paid or cancelled)",
          422: 'Idempotency-Key reused with another body (IDEMPOTENCY_KEY_REUSED)',
          503: 'The order is placed but Stripe did not answer (PAYMENT_PROVIDER_UNAVAILABLE): retry with the same key',
        },
      }),
      member,
      requireKey,
      validate('json', CreateOrderInputSchema),
      async (c) => {
        const order = await service.placeOrder(deps, c.get('session').user.id, c.req.header(KEY)!.trim(), c.req.valid('json'), c.get('locale'))
        return c.json({ data: order }, 201)
      },
    )
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
