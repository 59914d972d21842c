import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router'
import * as v from 'valibot'

const INTEGER = /^(0|[1-9]\d{0,14})$/

// Query strings stay plain text (?keyword=matcha, not ?keyword=%22matcha%22): only whole numbers
// become numbers; route schemas turn them back into text where text is expected.
const parseValue = (value: string): unknown => {
  if (INTEGER.test(value)) return Number(value)
  throw new SyntaxError('not a number')
}

export const parseSearch = parseSearchWith(parseValue)
export const stringifySearch = stringifySearchWith(JSON.stringify)

/**
 * An optional text parameter: numbers parsed by `parseSearch` become text again, anything odd or
 * longer than `max` is dropped instead of breaking the page.
 */
export const optionalSearchText = (max = 500) =>
  v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(max))), undefined)

/** A parameter that must be one of `options` (else undefined). */
export const optionalSearchChoice = <const T extends readonly [string, ...string[]]>(options: T) =>
  v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.picklist(options))), undefined)
