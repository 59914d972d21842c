import * as v from 'valibot'

/** The largest value of a Postgres `integer` column: ids, quantities and pages above it cannot be stored or looked up. */
export const MAX_INT = 2_147_483_647

export const TEXT_MESSAGES = {
  /** NUL and unpaired UTF-16 surrogates: Postgres cannot store them in text */
  unstorable: 'contains characters that are not allowed',
  /** control and direction-override characters in a name */
  controls: 'may not contain control or text-direction characters',
  /** `__proto__`, `constructor`, `prototype` as a key of a JSON body or a query parameter */
  reservedKey: 'is not a known parameter',
} as const

/** U+0000 (Postgres refuses it in text) and UTF-16 surrogates not paired up (`\p{Cs}` matches only unpaired ones under the u flag). */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /[\u0000\p{Cs}]/u

/**
 * C0 and C1 controls, and the bidirectional embedding, override and isolate characters
 * (U+202A–U+202E, U+2066–U+2069) that reorder the text around them when a name is shown in a
 * mail or a page ("Trojan Source", CVE-2021-42574).
 */
// eslint-disable-next-line no-control-regex -- finding controls is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\p{Cs}]/u

/** Whether Postgres can store this string: no NUL, no unpaired surrogate. */
export const isStorableText = (text: string) => !UNSTORABLE.test(text)

/** Whether this is plain text for a name or an address line: storable, without controls or direction changes. */
export const isPlainText = (text: string) => !CONTROLS.test(text)

/** Keys that would reach an object's prototype when input becomes an object. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** A check for names and address lines, which end up in mails and on parcels. */
export const plainText = () => v.check<string, string>(isPlainText, TEXT_MESSAGES.controls)
