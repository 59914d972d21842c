import * as v from 'valibot'
import { plainText } from './text'

/**
 * Taiwan e-invoice (統一發票) options chosen at checkout. A personal invoice goes to a carrier (none:
 * the shop keeps it and mails the winning notice; a mobile barcode; a citizen digital certificate);
 * a company invoice carries the buyer's 8-digit tax number (統一編號) and title; a donated invoice
 * goes to a charity by its donation code (捐贈碼). Messages are English, translated on both sides.
 */
export const INVOICE_MODES = ['personal', 'company', 'donation'] as const
export type InvoiceMode = (typeof INVOICE_MODES)[number]
export const CARRIER_TYPES = ['none', 'mobile', 'citizen'] as const
export type CarrierType = (typeof CARRIER_TYPES)[number]

export const INVOICE_MESSAGES = {
  required: 'is required',
  invalid: 'is invalid',
  choice: 'is not one of the allowed values',
  email: 'must be a valid e-mail address',
  max60: 'may be at most 60 characters',
  max100: 'may be at most 100 characters',
  mobileBarcode: 'A mobile barcode is a slash followed by 7 characters (0-9, A-Z, . + -)',
  mobileBarcodeMissing: 'mobile barcode does not exist',
  citizenCertificate: 'A citizen certificate barcode is 2 capital letters followed by 14 digits',
  taxId: 'Please enter a valid 8-digit company tax number',
  donationCode: 'A donation code is 3 to 7 digits',
  personalToCompany: 'A personal invoice cannot be changed to a company invoice after issue.',
  /** shown beside the name field */
  nameNote: 'The name should match your government ID.',
} as const

/** A mobile barcode (手機條碼): `/` and 7 of 0-9 A-Z . + -, checked after trimming and upper-casing. */
export const MOBILE_BARCODE_PATTERN = /^\/[0-9A-Z.+-]{7}$/
/** A citizen digital certificate barcode (自然人憑證條碼): 2 capital letters and 14 digits. */
export const CITIZEN_CERTIFICATE_PATTERN = /^[A-Z]{2}\d{14}$/
export const DONATION_CODE_PATTERN = /^\d{3,7}$/

export const normalizeCarrierCode = (code: string) => code.trim().toUpperCase()

const TAX_ID_WEIGHTS = [1, 2, 1, 2, 1, 2, 4, 1]

/**
 * The Ministry of Finance check of a company tax number (統一編號), in force since April 2023:
 * multiply the digits by 1,2,1,2,1,2,4,1, add the digits of each product, and the sum must be
 * divisible by 5. When the seventh digit is 7 its product 28 gives 10, which counts as 1 or 0,
 * so the number is also valid when sum + 1 is divisible by 5. (Before 2023 the divisor was 10; every
 * number valid then is valid now.)
 */
export function isValidTaxId(taxId: string): boolean {
  if (!/^\d{8}$/.test(taxId)) return false
  let sum = 0
  for (let i = 0; i < 8; i++) {
    const product = Number(taxId[i]) * TAX_ID_WEIGHTS[i]!
    sum += Math.floor(product / 10) + (product % 10)
  }
  return sum % 5 === 0 || (taxId[6] === '7' && (sum + 1) % 5 === 0)
}

const str = () => v.string(INVOICE_MESSAGES.invalid)
/** one message per field: a blank field is 'is required', not also 'wrong format' */
const firstIssue = <S extends v.GenericSchema>(schema: S) => v.config(schema, { abortPipeEarly: true })
/** the buyer's name and company title are printed on the invoice and mailed: plain text only */
const text = (max: number, message: string) => firstIssue(v.pipe(str(), v.trim(), v.nonEmpty(INVOICE_MESSAGES.required), v.maxLength(max, message), plainText()))

const common = {
  /** where the e-invoice notice is sent */
  email: firstIssue(v.pipe(str(), v.trim(), v.nonEmpty(INVOICE_MESSAGES.required), v.maxLength(100, INVOICE_MESSAGES.max100), v.rfcEmail(INVOICE_MESSAGES.email))),
  /** the buyer's name; it should match their government ID (INVOICE_MESSAGES.nameNote) */
  name: text(60, INVOICE_MESSAGES.max60),
}

export const mobileBarcodeSchema = firstIssue(v.pipe(str(), v.transform(normalizeCarrierCode), v.nonEmpty(INVOICE_MESSAGES.required), v.regex(MOBILE_BARCODE_PATTERN, INVOICE_MESSAGES.mobileBarcode)))
const citizenCertificate = firstIssue(v.pipe(str(), v.transform(normalizeCarrierCode), v.nonEmpty(INVOICE_MESSAGES.required), v.regex(CITIZEN_CERTIFICATE_PATTERN, INVOICE_MESSAGES.citizenCertificate)))
const taxId = firstIssue(v.pipe(str(), v.trim(), v.nonEmpty(INVOICE_MESSAGES.required), v.check(isValidTaxId, INVOICE_MESSAGES.taxId)))
const donationCode = firstIssue(v.pipe(str(), v.trim(), v.nonEmpty(INVOICE_MESSAGES.required), v.regex(DONATION_CODE_PATTERN, INVOICE_MESSAGES.donationCode)))

const object = <E extends v.ObjectEntries>(entries: E) => v.object(entries, INVOICE_MESSAGES.required)

/**
 * The invoice options of an order, one shape per mode (and per carrier for a personal invoice):
 * fields a mode does not use are dropped. Carrier codes are trimmed and upper-cased first.
 */
export const InvoiceOptionsInputSchema = v.variant(
  'mode',
  [
    v.variant(
      'carrier_type',
      [
        object({ mode: v.literal('personal'), carrier_type: v.literal('none'), ...common }),
        object({ mode: v.literal('personal'), carrier_type: v.literal('mobile'), carrier_code: mobileBarcodeSchema, ...common }),
        object({ mode: v.literal('personal'), carrier_type: v.literal('citizen'), carrier_code: citizenCertificate, ...common }),
      ],
      INVOICE_MESSAGES.choice,
    ),
    object({ mode: v.literal('company'), tax_id: taxId, company_title: text(60, INVOICE_MESSAGES.max60), ...common }),
    object({ mode: v.literal('donation'), donation_code: donationCode, ...common }),
  ],
  INVOICE_MESSAGES.choice,
)
export type InvoiceOptionsInput = v.InferOutput<typeof InvoiceOptionsInputSchema>

/**
 * Whether an issued invoice may be changed to `next`. A personal (or donated) invoice cannot become
 * a company invoice once issued: a company invoice is a different kind of document (B2B, tax number
 * printed), so the shop must void and re-issue, which it does not do after issue.
 */
export function invoiceChangeAllowed(current: Pick<InvoiceOptionsInput, 'mode'>, next: Pick<InvoiceOptionsInput, 'mode'>, issued: boolean): boolean {
  if (!issued) return true
  return !(current.mode !== 'company' && next.mode === 'company')
}

/** Checks a mobile barcode against the Ministry of Finance (`POST /invoice/check-carrier`). */
export const CarrierCheckInputSchema = v.object({ carrier_code: mobileBarcodeSchema }, INVOICE_MESSAGES.required)

export const CarrierCheckSchema = v.object({
  carrier_code: v.string(),
  exists: v.boolean(),
  /** false: the Ministry's check is not configured here, so only the format was checked */
  verified: v.boolean(),
})
export type CarrierCheck = v.InferOutput<typeof CarrierCheckSchema>
