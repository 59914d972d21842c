/**
 * What one member may hold unpaid (decision 61). Pure rules over what the checkout's statement
 * read under its locks: the member's row (its unpaid orders and verification) and each variant's
 * row (its stock left), so two tabs or two members cannot pass them together.
 */

/** Unpaid orders a member whose e-mail is not verified may hold: one, of at most UNVERIFIED_MAX_UNITS units. */
export const UNVERIFIED_MAX_UNPAID_ORDERS = 1

/**
 * How many more units of a variant a member may take now: afterwards the member holds unpaid at
 * most half, rounded up, of what they could still get of it (the stock left plus their own unpaid
 * units). So the last unit can always be bought, and the rest of the shop keeps at least as many
 * units as the member holds: with 12 left, 6; then 3 for the next member, 2, 1.
 * `held + q <= ceil((left + held) / 2)` is `q <= floor((left + 1 - held) / 2)` in whole numbers.
 */
export const mayStillTake = (left: number, held: number) => Math.max(0, Math.floor((left + 1 - held) / 2))

/** Whether a member whose e-mail is not verified may place an order of `units` units while holding `unpaidBefore` unpaid orders. */
export const unverifiedMay = (unpaidBefore: number, units: number, maxUnits: number) => unpaidBefore < UNVERIFIED_MAX_UNPAID_ORDERS && units <= maxUnits
