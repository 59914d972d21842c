import { Hono } from 'hono'
import { QuoteInputSchema, QuoteSchema } from '../../../contract/checkout'
import { dataSchema } from '../../../contract/page'
import { documented, validate } from '../../lib/route'
import { requireUser } from '../auth/middleware'
import type { AuthDeps } from '../auth/service'
import { quoteOrder } from './quote'

/** Server-computed totals for the payment page: the PWA shows these, never its own sums. */
export function checkoutRoutes(deps: AuthDeps) {
  const tags = ['Checkout']
  const member = requireUser(deps)
  return new Hono().post(
    '/checkout/quote',
    documented({
      summary:
        'Price the lines with current prices: subtotal, coupon discount, logistics fee (waived from the free-shipping threshold, after the discount), the 5% business tax included in the amount, amount. Integer TWD. And what this member may order now: per line `max_quantity` (a member holds unpaid at most 3 units or half of a scarce variant), and `unverified_limit` until the e-mail is verified or an order was paid; `POST /ec-order` refuses beyond them.',
      tags,
      response: dataSchema(QuoteSchema),
      auth: true,
      errors: { 409: 'A line is unavailable (PRODUCT_UNAVAILABLE) or beyond the stock (OUT_OF_STOCK), per line under `lines.N`' },
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
}
