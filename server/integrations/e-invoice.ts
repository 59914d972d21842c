import { createHmac, randomInt } from 'node:crypto'
import { INVOICE_MESSAGES, normalizeCarrierCode, type CarrierCheck } from '../../contract/invoice'
import type { Config } from '../config'
import { AppError } from '../lib/errors'
import type { Logger } from '../lib/logger'
import { TtlCache } from '../lib/ttl-cache'

/**
 * Signs a Ministry of Finance e-invoice API request: the parameters sorted by name, joined as
 * `name=value&...` (values not URL-encoded), HMAC-SHA256 with the API key, Base64.
 */
export function einvoiceSignature(params: Record<string, string>, apiKey: string) {
  const text = Object.keys(params)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&')
  return createHmac('sha256', apiKey).update(text, 'utf8').digest('base64')
}

/** The Ministry's answer to `action=bcv`: `code` 200 when it ran, `isExist` Y or N. */
interface BcvAnswer {
  v?: string
  code?: number | string
  msg?: string
  isExist?: string
}

export interface CarrierChecker {
  /** whether the Ministry's check is configured; false: format only */
  readonly online: boolean
  /**
   * Answers `exists` for a well-formed mobile barcode. Throws CARRIER_NOT_FOUND (400) when the
   * Ministry says it does not exist, CARRIER_CHECK_UNAVAILABLE (503) when the Ministry cannot answer.
   */
  check(carrierCode: string): Promise<CarrierCheck>
}

/** `field`: the barcode's field in the request, `invoice.carrier_code` in an order */
export const carrierNotFound = (field = 'carrier_code') =>
  new AppError('CARRIER_NOT_FOUND', 400, INVOICE_MESSAGES.mobileBarcodeMissing, { [field]: [INVOICE_MESSAGES.mobileBarcodeMissing] })

export const carrierCheckUnavailable = () => new AppError('CARRIER_CHECK_UNAVAILABLE', 503, 'The mobile barcode cannot be checked right now; please try again later.')

const ANSWER_MS = 10 * 60_000

/**
 * The mobile-barcode check (手機條碼驗證, `action=bcv`) of the Ministry of Finance e-invoice platform,
 * when EINVOICE_APP_ID and EINVOICE_API_KEY are set; without them only the format is checked (by
 * the contract schema) and every well-formed barcode is answered as existing, `verified: false`.
 * Answers are kept 10 minutes, so the payment page's check and the order's check cost one call.
 */
export function carrierChecker(config: Config['einvoice'], logger: Logger, fetchImpl: typeof fetch = fetch): CarrierChecker {
  const credentials = config.credentials
  if (!credentials) {
    return { online: false, check: async (code) => ({ carrier_code: normalizeCarrierCode(code), exists: true, verified: false }) }
  }
  const answers = new TtlCache<boolean>(ANSWER_MS, 5_000)

  async function ask(barCode: string): Promise<boolean> {
    const params: Record<string, string> = {
      version: '1.0',
      action: 'bcv',
      barCode,
      // a transaction id of our own, unique per call
      TxID: `${Date.now()}${String(randomInt(1_000_000)).padStart(6, '0')}`,
      timeStamp: String(Math.floor(Date.now() / 1000)),
      appId: credentials!.appId,
    }
    const body = new URLSearchParams({ ...params, signature: einvoiceSignature(params, credentials!.apiKey) })
    let answer: BcvAnswer
    try {
      const response = await fetchImpl(config.carrierCheckUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(config.timeoutMs),
      })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      answer = (await response.json()) as BcvAnswer
    } catch (error) {
      logger.warn('e-invoice carrier check failed', { error: String(error) })
      throw carrierCheckUnavailable()
    }
    if (String(answer.code) !== '200' || (answer.isExist !== 'Y' && answer.isExist !== 'N')) {
      logger.warn('e-invoice carrier check refused', { code: answer.code, msg: answer.msg })
      throw carrierCheckUnavailable()
    }
    return answer.isExist === 'Y'
  }

  return {
    online: true,
    async check(code) {
      const carrier_code = normalizeCarrierCode(code)
      if (!(await answers.get(carrier_code, () => ask(carrier_code)))) throw carrierNotFound()
      return { carrier_code, exists: true, verified: true }
    },
  }
}
