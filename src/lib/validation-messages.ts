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
  [MESSAGES.maxEmail]: msg`may be at most 254 characters`,
  [MESSAGES.maxPassword]: msg`may be at most 128 characters`,
  [MESSAGES.maxName]: msg`may be at most 100 characters`,
  [MESSAGES.min8]: msg`must be at least 8 characters`,
  [MESSAGES.email]: msg`must be a valid e-mail address`,
  [MESSAGES.date]: msg`must be a date (yyyy-MM-dd)`,
  [MESSAGES.pastDate]: msg`may not be in the future`,
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
  'may not contain control or text-direction characters': msg`may not contain control or text-direction characters`,
  'contains characters that are not allowed': msg`contains characters that are not allowed`,
}

/**
 * The checkout's messages (contract/recipient, invoice, coupon, order), written out rather than
 * imported so that every form does not load those schemas; a test in src/features/checkout checks
 * that the list covers the contract.
 */
const CHECKOUT_MESSAGES: Record<string, MessageDescriptor> = {
  'is invalid': msg`is invalid`,
  'is too small': msg`is too small`,
  'is too long': msg`is too long`,
  'may be at most 32 characters': msg`may be at most 32 characters`,
  'may be at most 60 characters': msg`may be at most 60 characters`,
  'Please enter a valid Taiwan phone number': msg`Please enter a valid Taiwan phone number`,
  'Please enter the correct postal code format': msg`Please enter the correct postal code format`,
  'Please choose a county or city': msg`Please choose a county or city`,
  'Please choose a district of this county or city': msg`Please choose a district of this county or city`,
  'A mobile barcode is a slash followed by 7 characters (0-9, A-Z, . + -)': msg`A mobile barcode is a slash followed by 7 characters (0-9, A-Z, . + -)`,
  'mobile barcode does not exist': msg`mobile barcode does not exist`,
  'A citizen certificate barcode is 2 capital letters followed by 14 digits': msg`A citizen certificate barcode is 2 capital letters followed by 14 digits`,
  'Please enter a valid 8-digit company tax number': msg`Please enter a valid 8-digit company tax number`,
  'A donation code is 3 to 7 digits': msg`A donation code is 3 to 7 digits`,
  'A personal invoice cannot be changed to a company invoice after issue.': msg`A personal invoice cannot be changed to a company invoice after issue.`,
  'The name should match your government ID.': msg`The name should match your government ID.`,
  'Coupon error': msg`Coupon error`,
  'Promo code successful': msg`Promo code successful`,
  'Your cart is empty.': msg`Your cart is empty.`,
  'lists the same variant twice': msg`lists the same variant twice`,
  'This coupon code does not exist.': msg`This coupon code does not exist.`,
  'This coupon is no longer offered.': msg`This coupon is no longer offered.`,
  'This coupon cannot be used yet.': msg`This coupon cannot be used yet.`,
  'This coupon has expired.': msg`This coupon has expired.`,
  'Your order does not reach this coupon’s minimum spend.': msg`Your order does not reach this coupon’s minimum spend.`,
  'You have already used this coupon.': msg`You have already used this coupon.`,
  'This coupon has been fully redeemed.': msg`This coupon has been fully redeemed.`,
  'This order already ships free, so this coupon adds nothing. Keep it for another order.': msg`This order already ships free, so this coupon adds nothing. Keep it for another order.`,
  'give either a saved recipient (recipient_id) or a recipient, not both': msg`give either a saved recipient (recipient_id) or a recipient, not both`,
  'give the store picked on the map (store_pick) or a store used before (store), not both': msg`give the store picked on the map (store_pick) or a store used before (store), not both`,
  'a pick-up order has its pickup (store and person), not a recipient': msg`a pick-up order has its pickup (store and person), not a recipient`,
  'a pick-up order needs its pickup: the store and who collects the parcel': msg`a pick-up order needs its pickup: the store and who collects the parcel`,
  'cash on pick-up is only for parcels collected at a store': msg`cash on pick-up is only for parcels collected at a store`,
  'Please enter the name on your ID: 2 to 5 Chinese characters or 4 to 10 letters, no digits or spaces': msg`Please enter the name on your ID: 2 to 5 Chinese characters or 4 to 10 letters, no digits or spaces`,
  'Please enter a mobile number: 09 and 8 digits': msg`Please enter a mobile number: 09 and 8 digits`,
  'Please choose the store again.': msg`Please choose the store again.`,
  'This store is not one you collected an order from.': msg`This store is not one you collected an order from.`,
  'Parcels collected at a store may be worth at most NT$20,000; please choose home delivery.': msg`Parcels collected at a store may be worth at most NT$20,000; please choose home delivery.`,
}

/** contract/review's REVIEW_MESSAGES; a test in src/features/reviews checks that they are all here. */
const REVIEW_MESSAGES: Record<string, MessageDescriptor> = {
  'Choose 1 to 5 stars.': msg`Choose 1 to 5 stars.`,
  'At most 100 characters.': msg`At most 100 characters.`,
  'This is not an order number.': msg`This is not an order number.`,
  'Choose a product.': msg`Choose a product.`,
}

const DESCRIPTORS: Record<string, MessageDescriptor> = { ...CONTRACT_MESSAGES, ...INLINE_MESSAGES, ...CHECKOUT_MESSAGES, ...REVIEW_MESSAGES }

/** A validation message in the active language; unknown texts (e.g. already translated by the server) pass through. */
export function translateValidationMessage(message: string): string {
  const descriptor = DESCRIPTORS[message]
  return descriptor ? i18n._(descriptor) : message
}

export const knownValidationMessages = (): string[] => Object.keys(DESCRIPTORS)
