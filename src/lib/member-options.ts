import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { GENDERS } from '../../contract/auth'

export type Gender = (typeof GENDERS)[number]

export const GENDER_LABELS: Record<Gender, MessageDescriptor> = {
  MALE: msg`Male`,
  FEMALE: msg`Female`,
  OTHER: msg`Other`,
}

/** Nationalities offered in forms; stored in English (the API default is Taiwan). */
export const NATIONALITIES: { value: string; label: MessageDescriptor }[] = [
  { value: 'Taiwan', label: msg`Taiwan` },
  { value: 'Japan', label: msg`Japan` },
  { value: 'Hong Kong', label: msg`Hong Kong` },
  { value: 'Macau', label: msg`Macau` },
  { value: 'Malaysia', label: msg`Malaysia` },
  { value: 'Singapore', label: msg`Singapore` },
  { value: 'South Korea', label: msg`South Korea` },
  { value: 'United States', label: msg`United States` },
  { value: 'Other', label: msg`Other` },
]

export const DEFAULT_NATIONALITY = 'Taiwan'

/** A member's name as people write it: family name first (no space) for Chinese and Japanese names. */
export function fullName(person: { first_name: string; last_name: string }): string {
  const first = person.first_name.trim()
  const last = person.last_name.trim()
  return CJK.test(first + last) ? `${last}${first}` : [first, last].filter(Boolean).join(' ')
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff]/

/** One or two letters for an avatar without a picture. */
export function initialsOf(person: { first_name: string; last_name: string }): string {
  const first = person.first_name.trim()
  const last = person.last_name.trim()
  if (CJK.test(last + first)) return (last || first).slice(0, 1)
  return `${first.slice(0, 1)}${last.slice(0, 1)}`.toUpperCase() || '?'
}
