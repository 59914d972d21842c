import { plural, t } from '@lingui/core/macro'
import type { ApiError } from '../../../lib/api-client'
import type { CheckoutLine } from './checkout-line'

/**
 * EMAIL_NOT_VERIFIED: until the e-mail is verified a member holds one unpaid order of at most
 * `detail.max_units` units (decision 61); the page says how many, and offers the mail beside it.
 */
export function unverifiedProblem(error: ApiError): string {
  const units = error.detailNumber('max_units') ?? 0
  if (units === 0) return t`Please verify your e-mail address before ordering: follow the link in the mail we sent when you signed up.`
  return plural(units, {
    one: 'Please verify your e-mail address to order more: follow the link in the mail we sent when you signed up. Until then you can have one unpaid order of at most # item.',
    other: 'Please verify your e-mail address to order more: follow the link in the mail we sent when you signed up. Until then you can have one unpaid order of at most # items.',
  })
}

/**
 * VARIANT_HOLD_LIMIT: a member holds unpaid at most half of what is left of a variant; the
 * server names the line (`lines.N`) and how many of it may be ordered now (`max_quantity`).
 */
export function holdProblem(error: ApiError, lines: readonly CheckoutLine[]): string {
  const field = Object.keys(error.detail).find((key) => /^lines\.\d+$/.test(key))
  const name = field ? lines[Number(field.slice('lines.'.length))]?.name : undefined
  const most = error.detailNumber('max_quantity') ?? 0
  if (!name) return error.message
  return most > 0
    ? t`Only ${most} of “${name}” can be ordered now: few are left, and one member may hold at most half of them until paid. Please lower the quantity.`
    : t`Few of “${name}” are left, and your unpaid orders already hold your share of them. Please pay for those orders first.`
}
