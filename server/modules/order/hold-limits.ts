/**
 * What one member may hold unpaid (decision 61). Pure rules over what the checkout's statement
 * read under its locks: the member's row (its unpaid orders, verification and paid orders) and
 * each variant's row (its stock left), so two tabs or two members cannot pass them together. The
 * quote reads the same figures without locks, to tell the shopper before "Place order".
 */

/** Unpaid orders a member whose e-mail is not verified may hold: one, of at most UNVERIFIED_MAX_UNITS units. */
export const UNVERIFIED_MAX_UNPAID_ORDERS = 1

/**
 * Units of a variant any member may hold unpaid, however few are left (or all of it, if fewer): a
 * pair and one more, the small order the half-share would otherwise cut when 2 to 5 are left. As
 * many as a member whose e-mail is not verified may order at all (UNVERIFIED_MAX_UNITS' default).
 */
export const SMALL_HOLD = 3

/**
 * How many more units of a variant a member may take now: afterwards the member holds unpaid at
 * most SMALL_HOLD units or half, rounded up, of what they could still get of it (the stock left plus
 * their own unpaid units), whichever is more, and never more than is left. With 12 left: 6; then 3
 * for the next member, and the last 3 for the one after; with 2 left, both. Beyond SMALL_HOLD, the
 * rest of the shop keeps at least as many units as the member holds.
 */
export function mayStillTake(left: number, held: number) {
  const couldGet = left + held
  const share = Math.max(Math.min(couldGet, SMALL_HOLD), Math.ceil(couldGet / 2))
  return Math.max(0, share - held)
}

/** Whether the unverified member's limit applies: not once the e-mail is verified, nor once an order of theirs was paid (a card that works). */
export const mustVerify = (member: { verified: boolean; paidBefore: boolean }) => !member.verified && !member.paidBefore

/** Whether a member whose e-mail is not verified may place an order of `units` units while holding `unpaidBefore` unpaid orders. */
export const unverifiedMay = (unpaidBefore: number, units: number, maxUnits: number) => unpaidBefore < UNVERIFIED_MAX_UNPAID_ORDERS && units <= maxUnits
