import { describe, expect, it } from 'vitest'
import { REVIEW_MESSAGES } from '../../../contract/review'
import { knownValidationMessages } from '@/lib/validation-messages'

describe('review validation messages', () => {
  it('has a Lingui message for every message of contract/review', () => {
    const known = knownValidationMessages()
    expect(Object.values(REVIEW_MESSAGES).filter((message) => !known.includes(message))).toEqual([])
  })
})
