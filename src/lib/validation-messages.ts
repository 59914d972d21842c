import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { MESSAGES } from '../../contract/auth'
import { i18n } from './i18n'

type ContractMessage = (typeof MESSAGES)[keyof typeof MESSAGES]

/**
 * The contract's validation messages are short English texts shared with the server; the forms
 * validate with the same schemas, so each message needs its Lingui descriptor to reach the shopper
 * in their language. `satisfies` keeps this list complete when the contract gains a message.
 */
const CONTRACT_MESSAGES = {
  [MESSAGES.required]: msg`is required`,
  [MESSAGES.max28]: msg`may be at most 28 characters`,
  [MESSAGES.max12]: msg`may be at most 12 characters`,
  [MESSAGES.max7]: msg`may be at most 7 characters`,
  [MESSAGES.min6]: msg`must be at least 6 characters`,
  [MESSAGES.min8]: msg`must be at least 8 characters`,
  [MESSAGES.email]: msg`must be a valid e-mail address`,
  [MESSAGES.date]: msg`must be a date (yyyy-MM-dd)`,
  [MESSAGES.confirmation]: msg`new password is entered incorrectly`,
  [MESSAGES.sameAsOld]: msg`the new password may not be the same as the old one`,
  [MESSAGES.oldPassword]: msg`the current password is incorrect`,
  [MESSAGES.taken]: msg`this e-mail is already registered`,
  [MESSAGES.referrer]: msg`unknown referrer code`,
  [MESSAGES.choice]: msg`is not one of the allowed values`,
} satisfies Record<ContractMessage, MessageDescriptor>

/** Messages the contract writes inline rather than in MESSAGES. */
const INLINE_MESSAGES: Record<string, MessageDescriptor> = {
  'may be at most 20 characters': msg`may be at most 20 characters`,
  'may be at most 40 characters': msg`may be at most 40 characters`,
}

const DESCRIPTORS: Record<string, MessageDescriptor> = { ...CONTRACT_MESSAGES, ...INLINE_MESSAGES }

/** A validation message in the active language; unknown texts (e.g. already translated by the server) pass through. */
export function translateValidationMessage(message: string): string {
  const descriptor = DESCRIPTORS[message]
  return descriptor ? i18n._(descriptor) : message
}

export const knownValidationMessages = (): string[] => Object.keys(DESCRIPTORS)
