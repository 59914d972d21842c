import * as v from 'valibot'
import { intParam } from './page'
import { plainText } from './text'
import { findCounty, findDistrict, normalizeCountyName, POSTAL_CODE_PATTERN, zipMatchesDistrict } from './taiwan-districts'

/** Recipients (saved delivery addresses). Messages are English texts translated on both sides. */
export const RECIPIENT_MESSAGES = {
  required: 'is required',
  invalid: 'is invalid',
  max40: 'may be at most 40 characters',
  max100: 'may be at most 100 characters',
  phone: 'Please enter a valid Taiwan phone number',
  postalCode: 'Please enter the correct postal code format',
  county: 'Please choose a county or city',
  district: 'Please choose a district of this county or city',
} as const

export const MAX_RECIPIENTS = 20

/**
 * Taiwan numbers, written the way people write them (spaces, dashes, brackets, +886): a mobile
 * 09xx-xxx-xxx, or a landline with its area code, 9 or 10 digits in all (02-2345-6789, 037-123456,
 * 082-123456). Stored as digits with the leading 0.
 */
export const normalizePhone = (raw: string) => {
  const compact = raw.replace(/[\s\-()]/g, '')
  return compact.startsWith('+886') ? `0${compact.slice(4).replace(/^0/, '')}` : compact
}
export const isTaiwanPhone = (phone: string) => /^09\d{8}$/.test(phone) || /^0[2-8]\d{7,8}$/.test(phone)

const str = () => v.string(RECIPIENT_MESSAGES.invalid)
/** one message per field: a blank field is 'is required', not also 'wrong format' */
const firstIssue = <S extends v.GenericSchema>(schema: S) => v.config(schema, { abortPipeEarly: true })
/** names and address lines go on parcels and into mails: plain text only */
const text = (max: number, message: string) => firstIssue(v.pipe(str(), v.trim(), v.nonEmpty(RECIPIENT_MESSAGES.required), v.maxLength(max, message), plainText()))

const fields = {
  name: text(40, RECIPIENT_MESSAGES.max40),
  phone: firstIssue(v.pipe(str(), v.transform(normalizePhone), v.nonEmpty(RECIPIENT_MESSAGES.required), v.check(isTaiwanPhone, RECIPIENT_MESSAGES.phone))),
  zip_code: firstIssue(v.pipe(str(), v.trim(), v.nonEmpty(RECIPIENT_MESSAGES.required), v.regex(POSTAL_CODE_PATTERN, RECIPIENT_MESSAGES.postalCode))),
  county: firstIssue(v.pipe(str(), v.transform(normalizeCountyName), v.nonEmpty(RECIPIENT_MESSAGES.required), v.check((c) => Boolean(findCounty(c)), RECIPIENT_MESSAGES.county))),
  district: v.pipe(str(), v.transform(normalizeCountyName), v.nonEmpty(RECIPIENT_MESSAGES.required)),
  address: text(100, RECIPIENT_MESSAGES.max100),
  /** true makes this the member's default recipient; the first one is the default anyway */
  is_default: v.optional(v.boolean(RECIPIENT_MESSAGES.invalid)),
}

/**
 * One recipient as the form and `POST /recipient`, `PUT /recipient/{id}` take it. The district must
 * belong to the county and the postal code (3, 5 or 6 digits) must start with the district's code.
 */
export const RecipientInputSchema = v.pipe(
  v.object(fields, RECIPIENT_MESSAGES.required),
  v.forward(
    v.partialCheck([['county'], ['district']], (r) => !findCounty(r.county) || Boolean(findDistrict(r.county, r.district)), RECIPIENT_MESSAGES.district),
    ['district'],
  ),
  v.forward(
    v.partialCheck([['county'], ['district'], ['zip_code']], (r) => !findDistrict(r.county, r.district) || !POSTAL_CODE_PATTERN.test(r.zip_code) || zipMatchesDistrict(r.zip_code, r.county, r.district), RECIPIENT_MESSAGES.postalCode),
    ['zip_code'],
  ),
)
export type RecipientInput = v.InferOutput<typeof RecipientInputSchema>

export const RecipientParamSchema = v.object({ id: intParam(1) })

export const RecipientSchema = v.object({
  id: v.number(),
  name: v.string(),
  phone: v.string(),
  zip_code: v.string(),
  county: v.string(),
  district: v.string(),
  address: v.string(),
  is_default: v.boolean(),
  created_at: v.string(),
  updated_at: v.string(),
})
export type Recipient = v.InferOutput<typeof RecipientSchema>
