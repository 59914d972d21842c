import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router'
import * as v from 'valibot'
import { SEARCH_KEYWORD_MAX } from '../../contract/constants'
import { MAX_INT } from '../../contract/text'

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

/**
 * An optional whole number from `min` to `max` (an id, a page): anything else is dropped instead of
 * breaking the page. The API refuses ids and pages past MAX_INT, so a larger one is not passed on.
 */
export const optionalSearchInt = (min = 1, max = MAX_INT) =>
  v.fallback(v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,10}$/))]), v.transform(Number), v.integer(), v.minValue(min), v.maxValue(max))), undefined)

/**
 * A keyword as the search box sends it: trimmed and cut to SEARCH_KEYWORD_MAX UTF-16 units, without
 * leaving half of a character written as a surrogate pair (an emoji, a rare kanji) at the cut.
 */
export function normalizeKeyword(keyword: string): string {
  const cut = keyword.trim().slice(0, SEARCH_KEYWORD_MAX)
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut
}

/** An optional keyword: cut as the search box cuts it (a longer one in an address is not refused), empty as unset. */
export const optionalSearchKeyword = () =>
  v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform((value) => normalizeKeyword(String(value)) || undefined))), undefined)

/**
 * The parameters a route's schema validated, and no others: what its `loaderDeps` (and through
 * `useLoaderDeps`, its component) should read. The router hands loaders and components the whole
 * query string, validated values over raw ones: a parameter of another page (`?keyword=` on the
 * product list) would otherwise reach the API unchecked and turn the visitor's typo into a failed page.
 */
export const validatedSearch = <S extends v.ObjectSchema<v.ObjectEntries, undefined>>(schema: S, search: object): v.InferOutput<S> =>
  Object.fromEntries(Object.keys(schema.entries).map((key) => [key, (search as Record<string, unknown>)[key]])) as v.InferOutput<S>
