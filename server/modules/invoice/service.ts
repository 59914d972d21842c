import type { InvoiceOptionsInput } from '../../../contract/invoice'
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import type { Logger } from '../../lib/logger'
import { hit } from '../../lib/rate-limit'
import type { CarrierChecker } from './carrier-check'

export interface InvoiceDeps {
  db: Db
  clock: Clock
  logger: Logger
  carrier: CarrierChecker
}

/** Checks per member and minute: each may reach the Ministry's API. */
const CHECKS_PER_MINUTE = 20

/** `POST /invoice/check-carrier`: the payment page's live check, rate-limited per member. */
export async function checkCarrierFor(deps: InvoiceDeps, memberId: number, carrierCode: string) {
  const limit = await hit(deps.db, deps.clock, `carrier-check:${memberId}`, CHECKS_PER_MINUTE, 60_000)
  if (!limit.allowed) throw new AppError('RATE_LIMITED', 429, 'Too many requests; please wait a moment and try again.', { retry_after: limit.retryAfter })
  return deps.carrier.check(carrierCode)
}

/**
 * The carrier check at order time. A barcode the Ministry says does not exist is refused
 * (CARRIER_NOT_FOUND); when the Ministry cannot answer, the order goes ahead with the well-formed
 * barcode (`verified: false`) instead of blocking checkout on another service's outage: the invoice
 * platform reports a bad carrier when the invoice is uploaded, and the shop then sends the invoice
 * by e-mail (docs/decisions: carrier check degrades to the format).
 */
export async function verifyInvoiceCarrier(deps: Pick<InvoiceDeps, 'carrier' | 'logger'>, invoice: InvoiceOptionsInput) {
  if (invoice.mode !== 'personal' || invoice.carrier_type !== 'mobile') return { verified: false }
  try {
    return { verified: (await deps.carrier.check(invoice.carrier_code)).verified }
  } catch (error) {
    if (error instanceof AppError && error.code === 'CARRIER_CHECK_UNAVAILABLE') {
      deps.logger.warn('order accepted with an unchecked mobile barcode', { carrier_code: invoice.carrier_code })
      return { verified: false }
    }
    throw error
  }
}
