import { Hono, type MiddlewareHandler } from 'hono'
import { QuoteInputSchema, QuoteSchema } from '../../../contract/checkout'
import { CouponCheckInputSchema, CouponCheckSchema } from '../../../contract/coupon'
import { CreateOrderInputSchema, OrderSchema } from '../../../contract/order'
import { dataSchema } from '../../../contract/page'
import { AppError } from '../../lib/errors'
import { documented, validate } from '../../lib/route'
import type { PaymentDeps, RouteDeps } from '../../core/deps'
import type { CarrierChecker } from '../../integrations/e-invoice'
import { checkCoupon } from './coupon-check'
import { placeOrder } from './place-order'
import { quoteOrder } from './quote'

const KEY = 'idempotency-key'

/** The checkout's Idempotency-Key is required: without it a double click could buy twice. */
const requireKey: MiddlewareHandler = async (c, next) => {
  const key = c.req.header(KEY)?.trim()
  if (!key || key.length > 200) {
    throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 400, 'An Idempotency-Key header (1 to 200 characters) is required.', { 'Idempotency-Key': ['is required'] })
  }
  await next()
}

/**
 * The checkout: server-computed totals for the payment page (the PWA shows these, never its own
 * sums), a coupon code checked against the cart, and the order placed.
 */
export function checkoutRoutes(deps: RouteDeps & PaymentDeps & { carrier: CarrierChecker }) {
  const tags = ['Checkout']
  const member = deps.members.required
  return new Hono()
    .post(
      '/checkout/quote',
      documented({
        summary:
          'Price the lines with current prices: subtotal, coupon discount, logistics fee (waived from the free-shipping threshold, after the discount), the 5% business tax included in the amount, amount. Integer TWD. And what this member may order now: per line `max_quantity` (a member holds unpaid at most 3 units or half of a scarce variant), and `unverified_limit` until the e-mail is verified or an order was paid; `POST /ec-order` refuses beyond them.',
        tags,
        response: dataSchema(QuoteSchema),
        auth: true,
        errors: {
          409: 'A line is unavailable (PRODUCT_UNAVAILABLE) or beyond the stock (OUT_OF_STOCK), per line under `lines.N`',
        },
      }),
      member,
      validate('json', QuoteInputSchema),
      async (c) => {
        const input = c.req.valid('json')
        const quote = await quoteOrder(deps.db, {
          memberId: c.get('session').user.id,
          lines: input.lines,
          couponCode: input.coupon_code,
          shipment: input.shipment,
          now: deps.clock(),
          pricing: deps.config.checkout,
          locale: c.get('locale'),
          unverifiedMaxUnits: deps.config.orders.unverifiedMaxUnits,
        })
        return c.json({ data: quote })
      },
    )
    .post(
      '/coupon/check',
      documented({
        summary:
          "Check a coupon code against these cart lines: 'Promo code successful' with what it takes off, or 400 COUPON_INVALID 'Coupon error' with the reason in `detail.reason` (COUPON_NOT_FOUND, COUPON_INACTIVE, COUPON_NOT_STARTED, COUPON_EXPIRED, COUPON_MIN_SPEND with `detail.min_spend`, COUPON_MEMBER_LIMIT, COUPON_USED_UP, COUPON_NO_EFFECT for a free-delivery coupon on goods that already ship free, with `detail.free_shipping_threshold`) and its message under `detail.code`. Checking uses nothing up: the use is counted when an order is placed. 30 checks per member and minute.",
        tags: ['Coupons'],
        response: dataSchema(CouponCheckSchema),
        auth: true,
        errors: {
          409: 'A line is unavailable (PRODUCT_UNAVAILABLE) or beyond the stock (OUT_OF_STOCK)',
          429: 'Too many checks (RATE_LIMITED, detail.retry_after seconds)',
        },
      }),
      deps.members.required,
      validate('json', CouponCheckInputSchema),
      async (c) =>
        c.json({
          data: await checkCoupon(deps, c.get('session').user.id, c.req.valid('json'), c.get('locale')),
        }),
    )
    .post(
      '/ec-order',
      documented({
        summary:
          'Place an order from the lines the shopper sees. Requires `Idempotency-Key`: the same key answers the same order (a different body under a used key is 422 IDEMPOTENCY_KEY_REUSED). Prices and totals come from the server; stock is reserved at once. The answer holds `payment.client_secret` for Stripe.js or the sandbox.',
        tags: ['Orders'],
        response: dataSchema(OrderSchema),
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
        const order = await placeOrder(deps, c.get('session').user.id, c.req.header(KEY)!.trim(), c.req.valid('json'), c.get('locale'))
        return c.json({ data: order }, 201)
      },
    )
}
