import { describe, expect, it } from 'vitest'
import { referrerCodeForSignIn } from './social-sign-in'

describe('the referrer code a social sign-in carries', () => {
  it('is the cookie’s code, trimmed', () => {
    expect(referrerCodeForSignIn(' AB12CD34 ')).toBe('AB12CD34')
  })
  it('is nothing for a missing or malformed cookie, so the sign-in is never refused for it', () => {
    expect(referrerCodeForSignIn(undefined)).toBeUndefined()
    expect(referrerCodeForSignIn('')).toBeUndefined()
    expect(referrerCodeForSignIn('<script>')).toBeUndefined()
    expect(referrerCodeForSignIn('A'.repeat(33))).toBeUndefined()
  })
})
