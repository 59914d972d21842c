import type { InvoiceOptionsInput } from '../../../contract/invoice'
import type { Db } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import type { Logger } from '../../lib/logger'
import { hit } from '../../core/rate-limit'
import { carrierNotFound, type CarrierChecker } from '../../integrations/e-invoice'

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
 * The carrier check at order time, before anything is written (docs/decisions/0049): null without
 * a mobile barcode, true when the Ministry confirmed it, false when only its format was checked.
 * A barcode the Ministry says does not exist is refused (CARRIER_NOT_FOUND on `invoice.carrier_code`).
 * When the Ministry cannot answer within EINVOICE_TIMEOUT_MS, or the member is past the checks'
 * limit, the order goes ahead unverified rather than losing the sale to another service's outage,
 * and records it so (`orders.invoice_carrier_verified`) for a check before the invoice is issued.
 */
export async function verifyInvoiceCarrier(deps: InvoiceDeps, memberId: number, invoice: InvoiceOptionsInput): Promise<boolean | null> {
  if (invoice.mode !== 'personal' || invoice.carrier_type !== 'mobile') return null
  if (!deps.carrier.online) return false
  // the order is another way to reach the Ministry: it counts among the member's checks
  const limit = await hit(deps.db, deps.clock, `carrier-check:${memberId}`, CHECKS_PER_MINUTE, 60_000)
  if (!limit.allowed) {
    deps.logger.warn('mobile barcode taken unverified: the member is past the checks limit', { member: memberId })
    return false
  }
  try {
    return (await deps.carrier.check(invoice.carrier_code)).verified
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    if (error.code === 'CARRIER_NOT_FOUND') throw carrierNotFound('invoice.carrier_code')
    if (error.code !== 'CARRIER_CHECK_UNAVAILABLE') throw error
    deps.logger.warn('mobile barcode taken unverified: the Ministry did not answer', { member: memberId })
    return false
  }
}
