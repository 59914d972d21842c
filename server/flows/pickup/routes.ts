import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ChangeStoreInputSchema } from '../../../contract/logistics'
import { OrderParamSchema, OrderSchema } from '../../../contract/order'
import { dataSchema } from '../../../contract/page'
import type { MemberGuards } from '../../core/deps'
import { documented, validate } from '../../lib/route'
import { applyParcelStatus, changePickupStore, type PickupDeps } from './parcel'

/** A status report: ECPay's twenty-odd short fields, and room to spare. */
const REPORT_LIMITS = { bytes: 8192, fields: 40, value: 200 } as const

const text = (body: string, status: 200 | 400 = 200) => new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })

/**
 * Where ECPay posts each status of a pick-up parcel (a signed form, server to server), answered
 * with the plain text `1|OK` once recorded; anything else makes ECPay send it again later. A report
 * not signed with the merchant's keys, or for a shipment the shop does not know, changes nothing
 * and is answered `0|…`.
 */
export function pickupRoutes(deps: PickupDeps & { members: MemberGuards }) {
  const tags = ['Logistics']
  // integrations/logistics.ts's STATUS_REPORT_PATH, under the API's base
  const reportPath = '/logistics/ecpay/status'
  return new Hono()
    .post(
      reportPath,
      bodyLimit({ maxSize: REPORT_LIMITS.bytes, onError: () => text('0|too large', 400) }),
      documented({
        summary: 'ECPay’s status reports of pick-up parcels (a form signed with CheckMacValue, server to server); answered with the plain text 1|OK once recorded, 0|reason when refused',
        tags,
        text: true,
      }),
      async (c) => {
        if ((c.req.header('content-type') ?? '').split(';')[0]!.trim() !== 'application/x-www-form-urlencoded') return text('0|not a form', 400)
        const fields: Record<string, string> = Object.create(null) as Record<string, string>
        let count = 0
        for (const [name, value] of new URLSearchParams(await c.req.text())) {
          if (++count > REPORT_LIMITS.fields || name in fields || value.length > REPORT_LIMITS.value) return text('0|not a status report', 400)
          fields[name] = value
        }
        if (!deps.logistics.isSigned(fields)) {
          deps.logger.warn('logistics: a status report was not signed with the merchant’s keys')
          return text('0|CheckMacValue Error', 400)
        }
        const code = Number(fields.RtnCode)
        if (!fields.AllPayLogisticsID || !/^\d{1,5}$/.test(fields.RtnCode ?? '')) return text('0|not a status report', 400)
        const outcome = await applyParcelStatus(deps, { logisticsId: fields.AllPayLogisticsID, code, statusDate: fields.UpdateStatusDate, source: 'report' })
        if (outcome === 'unknown shipment') {
          deps.logger.warn('logistics: a status report for a shipment the shop does not know', { parcel: fields.AllPayLogisticsID.slice(0, 20) })
          return text('0|unknown AllPayLogisticsID', 400)
        }
        return text('1|OK')
      },
    )
    .post(
      '/ec-order/:no/pickup-store',
      documented({
        summary: 'Another store for a pick-up parcel whose 7-ELEVEN store closed: the store picked on the map (a store pick opened with this order_no)',
        tags: ['Orders'],
        response: dataSchema(OrderSchema),
        auth: true,
        notFound: true,
        errors: { 409: 'The store cannot be changed now (ORDER_TRANSITION_NOT_ALLOWED), or ECPay refused (LOGISTICS_REFUSED)' },
      }),
      deps.members.required,
      validate('param', OrderParamSchema),
      validate('json', ChangeStoreInputSchema),
      async (c) => c.json({ data: await changePickupStore(deps, c.get('session').user.id, c.req.valid('param').no, c.req.valid('json').store_pick, c.get('locale')) }),
    )
}
