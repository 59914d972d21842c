import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { dataSchema } from '../../../contract/page'
import * as v from 'valibot'
import { RecentStoreSchema, StorePickInputSchema, StorePickParamSchema, StorePickSchema } from '../../../contract/logistics'
import type { RouteDeps } from '../../core/deps'
import { formFields } from '../../lib/form-fields'
import { documented, validate } from '../../lib/route'
import * as service from './service'

/** What a map reply may carry: ECPay's nine short fields, and room to spare. */
const REPLY_LIMITS = { bytes: 4096, fields: 16 } as const

/** Convenience-store pick-up: the chain's store map, and the store picked on it (decision 75). */
export function logisticsRoutes(deps: RouteDeps & service.LogisticsDeps) {
  const tags = ['Logistics']
  const member = deps.members.required
  const one = dataSchema(StorePickSchema)
  return new Hono()
    .post(
      '/logistics/store-picks',
      documented({
        summary: 'Open a chain’s store map: answers the form the browser posts to the map (ECPay’s, or the sandbox’s); the store picked there comes back to /logistics/map-reply',
        tags,
        response: one,
        created: true,
        auth: true,
      }),
      member,
      validate('json', StorePickInputSchema),
      async (c) => c.json({ data: await service.openStorePick(deps, c.get('session').user.id, c.req.valid('json')) }, 201),
    )
    .get(
      '/logistics/recent-stores',
      documented({ summary: 'The stores of the member’s latest pick-up orders (five at most, the latest first), offered again at checkout without the map', tags, response: dataSchema(v.array(RecentStoreSchema)), auth: true }),
      member,
      async (c) => c.json({ data: await service.recentStores(deps, c.get('session').user.id) }),
    )
    .get(
      '/logistics/store-picks/:trade_no',
      documented({ summary: 'The member’s store pick, with the store once one was picked (another member’s is not found)', tags, response: one, auth: true, notFound: true }),
      member,
      validate('param', StorePickParamSchema),
      async (c) => c.json({ data: await service.storePickOf(deps, c.get('session').user.id, c.req.valid('param').trade_no) }),
    )
    .post(
      '/logistics/map-reply',
      bodyLimit({ maxSize: REPLY_LIMITS.bytes, onError: (c) => c.redirect(`${deps.config.publicUrl}/payment?store_pick_error=1`, 303) }),
      documented({
        summary:
          'Where the chain’s map posts the store picked (a form from the shopper’s browser, no session): recorded on the pick its MerchantTradeNo names, then a redirect (303) to the payment page with ?store_pick=…, or ?store_pick_error=1 when the reply is not one the map sends',
        tags,
        redirect: true,
      }),
      async (c) => {
        const fields = await formFields(c, { fields: REPLY_LIMITS.fields })
        const outcome = !fields ? { ok: false as const, reason: 'not a form of the map’s', redirect: `${deps.config.publicUrl}/payment?store_pick_error=1` } : await service.recordMapReply(deps, fields)
        if (!outcome.ok) deps.logger.warn('logistics: a map reply was refused', { reason: outcome.reason })
        return c.redirect(outcome.redirect, 303)
      },
    )
}
