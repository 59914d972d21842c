import { plural, t } from '@lingui/core/macro'
import type { UnverifiedLimit } from '../../../../contract/checkout'
import type { ApiError } from '@/lib/api-client'
import type { CheckoutLine } from './checkout-line'

/** Until the e-mail is verified, one unpaid order of at most `units` units (decision 61): what to do, and how much meanwhile. */
function verifyForUnits(units: number): string {
  if (units === 0) return t`Please verify your e-mail address before ordering: follow the link in the mail we sent when you signed up.`
  return plural(units, {
    one: 'Please verify your e-mail address to order more: follow the link in the mail we sent when you signed up. Until then you can have one unpaid order of at most # item.',
    other: 'Please verify your e-mail address to order more: follow the link in the mail we sent when you signed up. Until then you can have one unpaid order of at most # items.',
  })
}

/**
 * EMAIL_NOT_VERIFIED: until the e-mail is verified a member holds one unpaid order of at most
 * `detail.max_units` units (decision 61); the page says how many, and offers the mail beside it.
 */
export const unverifiedProblem = (error: ApiError): string => verifyForUnits(error.detailNumber('max_units') ?? 0)

/**
 * What the top of the payment page says before "Place order", from the quote's `unverified_limit`:
 * nothing while the cart fits the limit; otherwise why this order would be refused. `units` is the
 * cart's units, all lines together.
 */
export function unverifiedNotice(limit: UnverifiedLimit | null | undefined, units: number): string | null {
  if (!limit) return null
  if (limit.max_units > 0 && limit.unpaid_orders >= limit.max_unpaid_orders) {
    return t`Please verify your e-mail address to place another order: follow the link in the mail we sent when you signed up. Until then you can have one unpaid order, and yours is waiting for payment.`
  }
  return units > limit.max_units ? verifyForUnits(limit.max_units) : null
}

/** A member holds unpaid at most their share of a scarce variant: how many of `name` may be ordered now, and what to do. */
export function shareProblem(name: string, most: number): string {
  return most > 0
    ? t`Only ${most} of “${name}” can be ordered now: few are left, and one member may hold at most half of them until paid. Please lower the quantity.`
    : t`Few of “${name}” are left, and your unpaid orders already hold your share of them. Please pay for those orders first.`
}

/** Under a line of the order summary whose quantity is over the quote's `max_quantity`. */
export function lineLimit(most: number): string {
  return most > 0 ? t`You can order at most ${most} of this now.` : t`Your unpaid orders already hold your share of this: please pay for them first.`
}

/**
 * VARIANT_HOLD_LIMIT: a member holds unpaid at most half of what is left of a variant; the
 * server names the line (`lines.N`) and how many of it may be ordered now (`max_quantity`).
 */
export function holdProblem(error: ApiError, lines: readonly CheckoutLine[]): string {
  const field = Object.keys(error.detail).find((key) => /^lines\.\d+$/.test(key))
  const name = field ? lines[Number(field.slice('lines.'.length))]?.name : undefined
  if (!name) return error.message
  return shareProblem(name, error.detailNumber('max_quantity') ?? 0)
}
