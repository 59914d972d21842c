import { Hono } from 'hono'
import { ChangeStoreInputSchema } from '../../../contract/logistics'
import { OrderParamSchema, OrderSchema } from '../../../contract/order'
import { dataSchema } from '../../../contract/page'
import type { MemberGuards } from '../../core/deps'
import { validationFailed } from '../../lib/errors'
import { formFields } from '../../lib/form-fields'
import { documented, validate } from '../../lib/route'
import { applyParcelStatus, changePickupStore, type PickupDeps } from './parcel'

/** A status report: ECPay's twenty-odd short fields, and room to spare (its size: LOGISTICS_REPORT_BODY_LIMIT). */
const REPORT_LIMITS = { fields: 40, value: 200 } as const

/**
 * Where ECPay posts each status of a pick-up parcel (a signed form, server to server), answered
 * with the plain text `1|OK` once recorded; anything else makes ECPay send it again later. A report
 * not signed with the merchant's keys, or for a shipment the shop does not know, changes nothing
 * and is refused like any bad input of the API (400 in its error shape, which is not `1|OK`).
 */
export function pickupRoutes(deps: PickupDeps & { members: MemberGuards }) {
  const tags = ['Logistics']
  // integrations/logistics.ts's STATUS_REPORT_PATH, under the API's base
  const reportPath = '/logistics/ecpay/status'
  return new Hono()
    .post(
      reportPath,
      documented({
        summary:
          'ECPay’s status reports of pick-up parcels (a form signed with CheckMacValue, server to server): answered with the plain text 1|OK once recorded (a report sent again too); one not signed with the merchant’s keys, or for an unknown shipment, is refused (400) and changes nothing',
        tags,
        text: true,
      }),
      async (c) => {
        const fields = await formFields(c, REPORT_LIMITS)
        if (!fields) throw validationFailed({ body: ['is not a status report (a form of ECPay’s fields)'] })
        if (!deps.logistics.isSigned(fields)) {
          deps.logger.warn('logistics: a status report was not signed with the merchant’s keys')
          throw validationFailed({ CheckMacValue: ['is invalid'] })
        }
        if (!/^\d{1,10}$/.test(fields.AllPayLogisticsID ?? '') || !/^\d{1,5}$/.test(fields.RtnCode ?? '')) throw validationFailed({ body: ['is not a status report'] })
        const outcome = await applyParcelStatus(deps, { logisticsId: fields.AllPayLogisticsID!, code: Number(fields.RtnCode), statusDate: fields.UpdateStatusDate, source: 'report' })
        if (outcome === 'unknown shipment') {
          deps.logger.warn('logistics: a status report for a shipment the shop does not know')
          throw validationFailed({ AllPayLogisticsID: ['is not a shipment of this shop'] })
        }
        return c.text('1|OK')
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
