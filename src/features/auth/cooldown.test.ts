import { describe, expect, it } from 'vitest'
import { cooldownAt, lastSendFromRetryAfter, readLastSend, storeLastSend } from './cooldown'

const T = 1_800_000_000_000

describe('cooldownAt', () => {
  it('lets a first mail go at once, without a reminder', () => {
    expect(cooldownAt(null, T)).toEqual({ remaining: 0, canSend: true, reminder: false })
    expect(cooldownAt(Number.NaN, T)).toEqual({ remaining: 0, canSend: true, reminder: false })
  })

  it('counts down from 30 seconds after a send, rounding up to whole seconds', () => {
    expect(cooldownAt(T, T)).toEqual({ remaining: 30, canSend: false, reminder: true })
    expect(cooldownAt(T, T + 1)).toMatchObject({ remaining: 30, canSend: false })
    expect(cooldownAt(T, T + 1_000)).toMatchObject({ remaining: 29, canSend: false })
    expect(cooldownAt(T, T + 29_001)).toMatchObject({ remaining: 1, canSend: false })
  })

  it('may resend once 30 seconds have passed', () => {
    expect(cooldownAt(T, T + 30_000)).toEqual({ remaining: 0, canSend: true, reminder: true })
  })

  it('keeps the reminder up to 32 seconds, then hides it', () => {
    expect(cooldownAt(T, T + 32_000).reminder).toBe(true)
    expect(cooldownAt(T, T + 32_001).reminder).toBe(false)
    expect(cooldownAt(T, T + 600_000)).toEqual({ remaining: 0, canSend: true, reminder: false })
  })

  it('never waits longer than the cooldown when the clock was set back', () => {
    expect(cooldownAt(T + 3_600_000, T)).toEqual({ remaining: 30, canSend: false, reminder: true })
  })
})

describe('the stored send time', () => {
  it('survives a reload through storage and ignores junk', () => {
    const data = new Map<string, string>()
    const store = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
    expect(readLastSend(store)).toBeNull()
    storeLastSend(T, store)
    expect(readLastSend(store)).toBe(T)
    // recomputed on mount: 31 s later the mail may be resent and the reminder still shows
    expect(cooldownAt(readLastSend(store), T + 31_000)).toEqual({ remaining: 0, canSend: true, reminder: true })
    data.set('forgot_password_last_send', 'yesterday')
    expect(readLastSend(store)).toBeNull()
  })

  it('turns the server retry_after into a send time', () => {
    expect(cooldownAt(lastSendFromRetryAfter(12, T), T)).toMatchObject({ remaining: 12, canSend: false })
    expect(cooldownAt(lastSendFromRetryAfter(99, T), T)).toMatchObject({ remaining: 30 })
  })
})
