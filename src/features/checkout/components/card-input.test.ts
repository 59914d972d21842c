import { describe, expect, it } from 'vitest'
import { cardProblems, cvcProblem, expiryProblem, formatExpiry, numberProblem } from './card-input'

// typing one key at a time, as the field sees it
const typeInto = (keys: string) => [...keys].reduce((value, key) => formatExpiry(value + key, value), '')

describe('formatExpiry', () => {
  it('writes the expiry as MM / YY while it is typed', () => {
    expect(typeInto('1230')).toBe('12 / 30')
    expect(formatExpiry('1230')).toBe('12 / 30')
    expect(typeInto('12')).toBe('12 / ')
    expect(typeInto('1')).toBe('1')
  })

  it('reads a month no other way can be read, a slash after one digit and a four-digit year', () => {
    expect(typeInto('4')).toBe('04 / ')
    expect(typeInto('429')).toBe('04 / 29')
    expect(typeInto('1/')).toBe('01 / ')
    expect(formatExpiry('1/30')).toBe('01 / 30')
    expect(formatExpiry('12/39')).toBe('12 / 39')
    expect(formatExpiry('12/2030')).toBe('12 / 30')
    expect(formatExpiry('12 / 301', '12 / 30')).toBe('12 / 30')
  })

  it('lets the separator and the digits be erased', () => {
    expect(formatExpiry('12 /', '12 / ')).toBe('12')
    expect(formatExpiry('12 / 3', '12 / 30')).toBe('12 / 3')
    expect(formatExpiry('12 / ', '12 / 3')).toBe('12')
    expect(formatExpiry('1 / 30', '12 / 30')).toBe('1 / 30')
    expect(formatExpiry('1', '12')).toBe('1')
    expect(formatExpiry('', '12 / 30')).toBe('')
  })

  it('writes out a shorter expiry put in place of another', () => {
    expect(formatExpiry('12/39', '12 / 30')).toBe('12 / 39')
    expect(formatExpiry('4', '12 / 30')).toBe('04 / ')
  })
})

describe('the card fields’ problems, as Stripe names them', () => {
  const now = new Date(2026, 10, 15)

  it('says which part of the expiry is wrong', () => {
    expect(expiryProblem('', now)).toBe('incomplete_expiry')
    expect(expiryProblem('12 / 3', now)).toBe('incomplete_expiry')
    expect(expiryProblem('13 / 30', now)).toBe('invalid_expiry_month')
    expect(expiryProblem('00 / 30', now)).toBe('invalid_expiry_month')
    expect(expiryProblem('13', now)).toBe('invalid_expiry_month')
    expect(expiryProblem('12 / 25', now)).toBe('invalid_expiry_year_past')
    expect(expiryProblem('10 / 26', now)).toBe('invalid_expiry_month_past')
    expect(expiryProblem('11 / 26', now)).toBeNull()
    expect(expiryProblem('1230', now)).toBeNull()
  })

  it('tells an incomplete number from a mistyped one and from a real card', () => {
    expect(numberProblem('')).toBe('incomplete_number')
    expect(numberProblem('4242 4242 4242')).toBe('incomplete_number')
    expect(numberProblem('4242 4242 4242 4241')).toBe('invalid_number')
    expect(numberProblem('4111 1111 1111 1111')).toBe('not_test_card')
    expect(numberProblem('4242 4242 4242 4242')).toBeNull()
    expect(numberProblem('4000-0000-0000-0002')).toBeNull()
  })

  it('wants three digits of security code', () => {
    expect(cvcProblem('12')).toBe('incomplete_cvc')
    expect(cvcProblem('123')).toBeNull()
  })

  it('gives each field its own problem', () => {
    expect(cardProblems({ number: '4242 4242 4242 4242', expiry: '13 / 30', cvc: '12' }, now)).toEqual({ expiry: 'invalid_expiry_month', cvc: 'incomplete_cvc' })
    expect(cardProblems({ number: '4242424242424242', expiry: '1230', cvc: '123' }, now)).toEqual({})
  })
})
