import type { QuietHours } from '../../contract/notification'

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** The wall-clock minute of the day (0-1439) and second at `at` in a time zone. */
function wallClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(at)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return { minute: get('hour') * 60 + get('minute'), second: get('second') }
}

/** Whether `at` falls in the quiet hours: [start, end), across midnight when start is after end. */
export function isQuiet(at: Date, quiet: QuietHours) {
  if (!quiet.enabled) return false
  const start = minutesOf(quiet.start)
  const end = minutesOf(quiet.end)
  if (start === end) return false
  const { minute } = wallClock(at, quiet.time_zone)
  return start < end ? minute >= start && minute < end : minute >= start || minute < end
}

/**
 * When a push produced at `at` may be sent: at once, or when the quiet hours end (the in-shop
 * message arrives at once either way). Counted in wall-clock minutes of the member's time zone; on
 * the night a zone changes its clocks the push may come an hour early or late.
 */
export function pushDueAt(at: Date, quiet: QuietHours): Date {
  if (!isQuiet(at, quiet)) return at
  const { minute, second } = wallClock(at, quiet.time_zone)
  const end = minutesOf(quiet.end)
  const wait = (end - minute + 1440) % 1440
  return new Date(at.getTime() + wait * 60_000 - second * 1000 - at.getMilliseconds())
}
