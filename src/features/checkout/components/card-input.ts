import { testCardFor } from '../../../../contract/payment'

export type CardField = 'number' | 'expiry' | 'cvc'

/**
 * What is wrong with a field of the sandbox's card form, named as Stripe.js names it on its card
 * Elements (`incomplete_expiry`, `invalid_expiry_month` ...), so the form answers as Stripe's would;
 * `not_test_card` is the sandbox's own: a real card number, which test mode refuses.
 */
export type CardProblem =
  | 'incomplete_number'
  | 'invalid_number'
  | 'not_test_card'
  | 'incomplete_expiry'
  | 'invalid_expiry_month'
  | 'invalid_expiry_month_past'
  | 'invalid_expiry_year_past'
  | 'incomplete_cvc'

const digitsOf = (typed: string) => typed.replace(/\D/g, '')

/** The month and year of an expiry as typed, with or without its slash: `1230`, `12/30`, `1/30`, `12/2030`. */
function expiryParts(typed: string): { month: string; year: string } {
  const slash = typed.indexOf('/')
  if (slash === -1) {
    let digits = digitsOf(typed)
    // no month starts with 2-9: a 4 is April
    if (/^[2-9]/.test(digits)) digits = `0${digits}`
    return { month: digits.slice(0, 2), year: digits.slice(2, 4) }
  }
  const month = digitsOf(typed.slice(0, slash)).slice(0, 2)
  const year = digitsOf(typed.slice(slash + 1))
  return { month: month.length === 1 ? `0${month}` : month, year: year.length === 4 ? year.slice(2) : year.slice(0, 2) }
}

/** Whether `part` is `whole` with some characters taken out. */
function isErasedFrom(part: string, whole: string): boolean {
  let at = 0
  for (const char of whole) if (char === part[at]) at++
  return at === part.length
}

/**
 * The expiry as Stripe's card Element shows it while it is typed: `1230` becomes `12 / 30`, `4`
 * becomes `04 / `, `1/30` and `12/2030` become `01 / 30` and `12 / 30`. Erasing is left alone
 * (formatting would put the separator straight back, or move a digit into the other part), and
 * erasing into the separator takes the whole separator.
 */
export function formatExpiry(typed: string, before = ''): string {
  if (typed.length < before.length && isErasedFrom(digitsOf(typed), digitsOf(before))) return typed.replace(/[^\d /]/g, '').replace(/[\s/]+$/, '')
  const { month, year } = expiryParts(typed)
  return month.length === 2 ? `${month} / ${year}` : month
}

/** The Luhn checksum every card number carries. */
function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

export function numberProblem(typed: string): CardProblem | null {
  const digits = digitsOf(typed)
  // the cards this form takes (Visa test numbers) have 16 digits
  if (digits.length < 16) return 'incomplete_number'
  if (!luhnValid(digits)) return 'invalid_number'
  return testCardFor(digits) ? null : 'not_test_card'
}

/** MM / YY, this month or later; a month that cannot be is said as soon as it is typed. */
export function expiryProblem(typed: string, now = new Date()): CardProblem | null {
  const parts = expiryParts(typed)
  const month = Number(parts.month)
  if (parts.month.length === 2 && (month < 1 || month > 12)) return 'invalid_expiry_month'
  if (parts.month.length < 2 || parts.year.length < 2) return 'incomplete_expiry'
  const year = 2000 + Number(parts.year)
  if (year < now.getFullYear()) return 'invalid_expiry_year_past'
  if (year === now.getFullYear() && month < now.getMonth() + 1) return 'invalid_expiry_month_past'
  return null
}

export const cvcProblem = (typed: string): CardProblem | null => (digitsOf(typed).length < 3 ? 'incomplete_cvc' : null)

/** Each field's problem, if it has one. */
export function cardProblems(card: Record<CardField, string>, now = new Date()): Partial<Record<CardField, CardProblem>> {
  const problems: Partial<Record<CardField, CardProblem>> = {}
  const number = numberProblem(card.number)
  const expiry = expiryProblem(card.expiry, now)
  const cvc = cvcProblem(card.cvc)
  if (number) problems.number = number
  if (expiry) problems.expiry = expiry
  if (cvc) problems.cvc = cvc
  return problems
}
