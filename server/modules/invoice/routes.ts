import { Hono } from 'hono'
import { CarrierCheckInputSchema, CarrierCheckSchema } from '../../../contract/invoice'
import { dataSchema } from '../../../contract/page'
import { documented, validate } from '../../lib/route'
import type { RouteDeps } from '../../core/deps'
import * as service from './service'

/** Taiwan e-invoice helpers for the payment page. */
export function invoiceRoutes(deps: RouteDeps & service.InvoiceDeps) {
  const tags = ['Invoice']
  return new Hono().post(
    '/invoice/check-carrier',
    documented({
      summary:
        "Check a mobile barcode (`/` and 7 of 0-9 A-Z . + -, trimmed and upper-cased first) with the Ministry of Finance's carrier-check API: 400 CARRIER_NOT_FOUND 'mobile barcode does not exist' when it does not exist. Without EINVOICE_APP_ID/EINVOICE_API_KEY only the format is checked (`verified: false`). 20 checks per member and minute.",
      tags,
      response: dataSchema(CarrierCheckSchema),
      auth: true,
      errors: {
        429: 'Too many checks (RATE_LIMITED, detail.retry_after seconds)',
        503: "The Ministry's API did not answer (CARRIER_CHECK_UNAVAILABLE); the order still accepts a well-formed barcode",
      },
    }),
    deps.members.required,
    validate('json', CarrierCheckInputSchema),
    async (c) => c.json({ data: await service.checkCarrierFor(deps, c.get('session').user.id, c.req.valid('json').carrier_code) }),
  )
}
