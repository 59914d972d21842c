/**
 * When the snack box's boxes leave and until when their recipient can be changed (decision 56).
 * A term paid for `months` months holds one box a month: box k leaves on the term's start plus k
 * months (the day clamped to the month's last, as the provider's renewals are), and the next term's
 * boxes follow from its end. A box is packed BOX_CUTOFF_DAYS before it leaves: a recipient changed
 * before that reaches it, a later change reaches the box after it.
 */
export const BOX_CUTOFF_DAYS = 3
const DAY_MS = 86_400_000

/** `date` plus `months` calendar months in UTC, the day clamped to the target month's last (Jan 31 + 1 = Feb 28). */
export function addMonthsUtc(date: Date, months: number): Date {
  const year = date.getUTCFullYear()
  const month = date.getUTCMonth() + months
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const out = new Date(date)
  out.setUTCFullYear(year, month, Math.min(date.getUTCDate(), last))
  return out
}

export interface NextBox {
  /** when the box leaves */
  ships_on: Date
  /** the last moment a changed recipient still reaches it */
  changes_until: Date
}

/**
 * The next box a recipient change can still reach, or null when none will leave (the term ends
 * without renewal and its remaining boxes are packed already).
 */
export function nextBox({ termStart, termEnd, months, renews, now }: { termStart: Date; termEnd: Date; months: number; renews: boolean; now: Date }): NextBox | null {
  const starts = renews ? [termStart, termEnd] : [termStart]
  for (const start of starts) {
    for (let k = 0; k < months; k++) {
      const ships = addMonthsUtc(start, k)
      if (start === termStart && ships.getTime() >= termEnd.getTime()) break
      const until = new Date(ships.getTime() - BOX_CUTOFF_DAYS * DAY_MS)
      if (until.getTime() > now.getTime()) return { ships_on: ships, changes_until: until }
    }
  }
  return null
}
