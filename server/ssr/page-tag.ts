import { createHash } from 'node:crypto'

/**
 * A drawn page's ETag, and the page a client holds when it presents one.
 *
 * Two drawings of a page from the same data differ only in when they were drawn: the data handed to
 * the app carries the times its queries were fetched and handed over (`dataUpdatedAt`,
 * `dehydratedAt`, the router's `u`), and a search answer how long the engine took. The tag is made
 * of a hash of the page without those numbers and the numbers themselves, so that
 * - the same page drawn again is recognised: `If-None-Match` with an earlier tag gets a 304;
 * - the page the client holds can be written out again from the new drawing and the numbers in its
 *   tag, and the 304 carries the script hashes of *that* page: a cache puts the 304's headers on the
 *   copy it keeps (RFC 9111 §4.3.4), and a policy listing the new drawing's hashes would block its
 *   scripts;
 * - each answer still hands over its own times, so the app does not fetch data it was just given.
 */

/** The answer's own moments, as epoch milliseconds, and how long a search took (Algolia's answer). */
const VOLATILE = /(?<=\b(?:processingTimeMS|serverTimeMS)"?:)\d{1,9}(?![\w.])|(?<![\w.])\d{13}(?![\w.])/g

export interface DrawnPage {
  /** the page cut at its volatile numbers: one more part than numbers */
  parts: string[]
  /** the volatile numbers, as written */
  values: number[]
}

/**
 * Cuts the page at the numbers that only say when it was drawn: epoch milliseconds between `from`
 * and `to` (the drawing's start and end), and search timings.
 */
export function cutVolatile(body: string, { from, to }: { from: number; to: number }): DrawnPage {
  const parts: string[] = []
  const values: number[] = []
  let last = 0
  for (const match of body.matchAll(VOLATILE)) {
    const value = Number(match[0])
    if (match[0].length === 13 && (value < from || value > to)) continue
    parts.push(body.slice(last, match.index))
    values.push(value)
    last = match.index + match[0].length
  }
  parts.push(body.slice(last))
  return { parts, values }
}

export const writeOut = ({ parts, values }: DrawnPage): string => parts.reduce((page, part, index) => page + String(values[index - 1]) + part)

/** The page without its volatile numbers: the same for the same data. */
const contentHash = (parts: string[]) => {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part).update('\u0000')
  return hash.digest('base64url').slice(0, 27)
}

/**
 * `W/"<content hash>:<first number>.<the others as differences from it>"` in base 36: weak, since
 * it stands for the page in every Content-Encoding (compression runs outside).
 */
export function pageTag(page: DrawnPage): string {
  const [first, ...rest] = page.values
  const numbers = first === undefined ? '' : `:${[first, ...rest.map((value) => value - first)].map((n) => n.toString(36)).join('.')}`
  return `W/"${contentHash(page.parts)}${numbers}"`
}

const TAG = /^(?:W\/)?"([A-Za-z0-9_-]{27})(?::(-?[0-9a-z]{1,11}(?:\.-?[0-9a-z]{1,11})*))?"$/

/**
 * The page the client holds, if one of the tags of its `If-None-Match` names this page's content:
 * the new drawing with the numbers of that tag. `*` stands for the page as drawn now.
 */
export function heldPage(ifNoneMatch: string | undefined, page: DrawnPage): { page: DrawnPage; tag: string } | undefined {
  if (!ifNoneMatch || ifNoneMatch.length > 8192) return undefined
  if (ifNoneMatch.trim() === '*') return { page, tag: pageTag(page) }
  const hash = contentHash(page.parts)
  for (const candidate of ifNoneMatch.split(',')) {
    const match = TAG.exec(candidate.trim())
    if (!match || match[1] !== hash) continue
    const numbers = match[2] ? match[2].split('.').map((n) => parseInt(n, 36)) : []
    if (numbers.length !== page.values.length) continue
    const [first = 0, ...rest] = numbers
    const values = numbers.length ? [first, ...rest.map((difference) => first + difference)] : []
    if (!values.every((value) => Number.isSafeInteger(value) && value >= 0)) continue
    const held = { parts: page.parts, values }
    return { page: held, tag: pageTag(held) }
  }
  return undefined
}
