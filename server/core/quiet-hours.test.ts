import { describe, expect, it } from 'vitest'
import { DEFAULT_QUIET_HOURS } from '../../contract/notification'
import { isQuiet, pushDueAt } from './quiet-hours'

// Taipei is UTC+8 all year
const taipei = (hhmmss: string, day = '2026-11-24') => new Date(`${day}T${hhmmss}+08:00`)

describe('quiet hours', () => {
  it('holds a push produced at night until 08:00 Taipei time, across midnight', () => {
    expect(pushDueAt(taipei('23:30:15'), DEFAULT_QUIET_HOURS).toISOString()).toBe(taipei('08:00:00', '2026-11-25').toISOString())
    expect(pushDueAt(taipei('02:10:00'), DEFAULT_QUIET_HOURS).toISOString()).toBe(taipei('08:00:00').toISOString())
    expect(pushDueAt(taipei('22:00:00'), DEFAULT_QUIET_HOURS).toISOString()).toBe(taipei('08:00:00', '2026-11-25').toISOString())
  })

  it('sends at once by day, at the end minute, and when switched off', () => {
    const noon = taipei('12:00:00')
    expect(pushDueAt(noon, DEFAULT_QUIET_HOURS)).toEqual(noon)
    expect(isQuiet(taipei('08:00:00'), DEFAULT_QUIET_HOURS)).toBe(false)
    expect(isQuiet(taipei('21:59:59'), DEFAULT_QUIET_HOURS)).toBe(false)
    expect(pushDueAt(taipei('23:00:00'), { ...DEFAULT_QUIET_HOURS, enabled: false })).toEqual(taipei('23:00:00'))
  })

  it('uses the member’s own time zone and a window within one day', () => {
    const tokyo = { enabled: true, start: '13:00', end: '14:30', time_zone: 'Asia/Tokyo' }
    // 13:15 in Tokyo is 12:15 in Taipei
    expect(pushDueAt(taipei('12:15:00'), tokyo).toISOString()).toBe(taipei('13:30:00').toISOString())
    expect(isQuiet(taipei('13:30:00'), tokyo)).toBe(false)
  })
})
