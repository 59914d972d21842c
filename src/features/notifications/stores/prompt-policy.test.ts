import { beforeEach, describe, expect, it } from 'vitest'
import { promptView, readSnooze, snooze, SNOOZE_DAYS, type PromptFacts } from './prompt-policy'

const DAY = 24 * 60 * 60_000
const NOW = Date.UTC(2026, 10, 24)
const desktop: PromptFacts = { signedIn: true, firstVisit: false, pushSupported: true, ios: false, installed: false, permission: 'default', subscribed: false, snoozedUntil: null, now: NOW }

describe('promptView', () => {
  it('asks a returning member whose browser can receive push', () => {
    expect(promptView(desktop)).toBe('ask')
  })

  it('never asks on the first visit, nor a visitor', () => {
    expect(promptView({ ...desktop, firstVisit: true })).toBe('none')
    expect(promptView({ ...desktop, signedIn: false })).toBe('none')
  })

  it(`stays quiet for ${SNOOZE_DAYS} days after 'Not now', then asks again`, () => {
    const until = NOW + SNOOZE_DAYS * DAY
    expect(promptView({ ...desktop, snoozedUntil: until, now: until - 1 })).toBe('none')
    expect(promptView({ ...desktop, snoozedUntil: until, now: until })).toBe('ask')
  })

  it('does not ask where push is on already, blocked or impossible', () => {
    expect(promptView({ ...desktop, subscribed: true, permission: 'granted' })).toBe('none')
    expect(promptView({ ...desktop, permission: 'denied' })).toBe('none')
    expect(promptView({ ...desktop, pushSupported: false })).toBe('none')
  })

  it('asks again when permission was given but this device has no subscription', () => {
    expect(promptView({ ...desktop, permission: 'granted' })).toBe('ask')
  })

  it('explains adding to the home screen on iPhone/iPad Safari outside the installed app', () => {
    expect(promptView({ ...desktop, ios: true, pushSupported: false })).toBe('install')
    expect(promptView({ ...desktop, ios: true, pushSupported: true, installed: false })).toBe('install')
    expect(promptView({ ...desktop, ios: true, pushSupported: true, installed: true })).toBe('ask')
  })
})

describe('snooze', () => {
  beforeEach(() => localStorage.clear())

  it(`remembers 'Not now' for ${SNOOZE_DAYS} days`, () => {
    expect(readSnooze()).toBeNull()
    snooze(NOW)
    expect(readSnooze()).toBe(NOW + SNOOZE_DAYS * DAY)
    expect(promptView({ ...desktop, snoozedUntil: readSnooze(), now: NOW + (SNOOZE_DAYS - 1) * DAY })).toBe('none')
  })
})
