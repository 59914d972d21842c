import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import { CartLineInputSchema, CartLineParamSchema, CartLineSchema, InitCartInputSchema, UpdateCartLineInputSchema } from '../../../contract/cart'
import { dataSchema } from '../../../contract/page'
import { documented, validate } from '../../lib/route'
import type { RouteDeps } from '../../core/deps'
import * as service from './service'

const IDEMPOTENT = 'Send an `Idempotency-Key` header (any unique string per change): a replay returns the first answer and changes nothing.'

/** The member's cart. Every answer is the whole canonical cart, with current prices and stock. */
export function cartRoutes(deps: RouteDeps) {
  const tags = ['Cart']
  const member = deps.members.required
  const cart = dataSchema(v.array(CartLineSchema))
  const key = (c: Context) => c.req.header('idempotency-key')?.slice(0, 200)
  const answer = (c: Context, change: (tx: Parameters<Parameters<typeof service.once>[3]>[0], userId: number, now: Date) => Promise<unknown>) => {
    const userId = c.get('session').user.id
    return service.once(deps, userId, key(c), async (tx) => {
      const now = deps.clock()
      await change(tx, userId, now)
      return { data: await service.cartOf(tx, userId, c.get('locale'), now) }
    })
  }
  return new Hono()
    .get('/cart', documented({ summary: "The member's cart", tags, response: cart, auth: true }), member, async (c) =>
      c.json({ data: await service.cartOf(deps.db, c.get('session').user.id, c.get('locale'), deps.clock()) }),
    )
    .post(
      '/cart',
      documented({ summary: `Add a variant (the same variant raises the quantity, capped at stock). ${IDEMPOTENT}`, tags, response: cart, auth: true, errors: { 409: 'Sold out (OUT_OF_STOCK)' } }),
      member,
      validate('json', CartLineInputSchema),
      async (c) => c.json(await answer(c, (tx, userId, now) => service.addToCart(tx, userId, c.req.valid('json'), now))),
    )
    .put(
      '/cart/:id',
      documented({ summary: 'Set a line’s quantity (capped at stock)', tags, response: cart, auth: true, notFound: true }),
      member,
      validate('param', CartLineParamSchema),
      validate('json', UpdateCartLineInputSchema),
      async (c) => c.json(await answer(c, (tx, userId, now) => service.setQuantity(tx, userId, c.req.valid('param').id, c.req.valid('json').quantity, now))),
    )
    .delete(
      '/cart/:id',
      documented({ summary: 'Remove a line (removing a removed line is not an error)', tags, response: cart, auth: true }),
      member,
      validate('param', CartLineParamSchema),
      async (c) => c.json(await answer(c, (tx, userId) => service.removeLine(tx, userId, c.req.valid('param').id))),
    )
    .post(
      '/init-cart',
      documented({ summary: `Merge the browser's cart into the member's: quantities added, capped at stock. ${IDEMPOTENT}`, tags, response: cart, auth: true }),
      member,
      validate('json', InitCartInputSchema),
      async (c) => c.json(await answer(c, (tx, userId, now) => service.addLines(tx, userId, c.req.valid('json').items, now))),
    )
}
