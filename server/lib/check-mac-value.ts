/**
 * ECPay's CheckMacValue: the signature on every form ECPay and a merchant send each other (logistics
 * with MD5, payments with SHA-256). As ECPay's official PHP SDK computes it
 * (ECPay/SDK_PHP src/Services/CheckMacValueService.php, ArrayService.php, UrlService.php):
 *
 * 1. every field but CheckMacValue, sorted by name case-insensitively (PHP `strcasecmp`), empty
 *    values included;
 * 2. `HashKey=…&name=value&…&HashIV=…`;
 * 3. URL-encoded as PHP's `urlencode` does (every byte but `A-Z a-z 0-9 - _ .`, a space as `+`),
 *    lower-cased, then `- _ . ! * ( )` put back as .NET's encoder leaves them;
 * 4. hashed (MD5 or SHA-256) and upper-cased.
 *
 * ECPay's official Python SDK sorts case-sensitively and leaves `~` unencoded: it is not followed.
 */
import { createHash, timingSafeEqual } from 'node:crypto'

export type MacAlgorithm = 'md5' | 'sha256'

export interface MacKeys {
  hashKey: string
  hashIv: string
}

const UNRESERVED = /[A-Za-z0-9\-_.]/

/** PHP's `urlencode`: UTF-8 bytes percent-encoded (upper-case hex), a space as `+`. */
export function phpUrlEncode(text: string): string {
  let out = ''
  for (const char of text) {
    if (UNRESERVED.test(char)) out += char
    else if (char === ' ') out += '+'
    else for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

/** The characters .NET's encoder leaves as they are, restored after lower-casing. */
const DOTNET_RESTORED: [string, string][] = [
  ['%2d', '-'],
  ['%5f', '_'],
  ['%2e', '.'],
  ['%21', '!'],
  ['%2a', '*'],
  ['%28', '('],
  ['%29', ')'],
]

/** PHP's `strcasecmp` for the ASCII names ECPay uses. */
const byNameIgnoringCase = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()]
  return x < y ? -1 : x > y ? 1 : 0
}

/** The CheckMacValue of `fields` (a CheckMacValue among them is left out). */
export function checkMacValue(fields: Record<string, string | number>, keys: MacKeys, algorithm: MacAlgorithm = 'md5'): string {
  const names = Object.keys(fields)
    .filter((name) => name !== 'CheckMacValue')
    .sort(byNameIgnoringCase)
  const source = `HashKey=${keys.hashKey}${names.map((name) => `&${name}=${fields[name]}`).join('')}&HashIV=${keys.hashIv}`
  let encoded = phpUrlEncode(source).toLowerCase()
  for (const [from, to] of DOTNET_RESTORED) encoded = encoded.replaceAll(from, to)
  return createHash(algorithm).update(encoded).digest('hex').toUpperCase()
}

/** Whether `fields` carry the CheckMacValue their other fields make (compared in constant time). */
export function hasValidMac(fields: Record<string, string>, keys: MacKeys, algorithm: MacAlgorithm = 'md5'): boolean {
  const given = fields.CheckMacValue
  if (typeof given !== 'string' || given.length === 0) return false
  const expected = Buffer.from(checkMacValue(fields, keys, algorithm))
  const actual = Buffer.from(given.toUpperCase())
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * ECPay's plain-text answers: `1|name=value&…` on success (the fields as they are, not
 * URL-encoded, sorted as they are signed) or `0|message`.
 */
export function formatReply(fields: Record<string, string | number>): string {
  const names = Object.keys(fields).sort(byNameIgnoringCase)
  return `1|${names.map((name) => `${name}=${fields[name]}`).join('&')}`
}

/** Reads `1|name=value&…` into its fields, or `0|message` into the message; the values are taken as they stand (ECPay does not encode them). */
export function parseReply(body: string): { ok: true; fields: Record<string, string> } | { ok: false; message: string } {
  const text = body.trim()
  const bar = text.indexOf('|')
  if (bar === -1 || text.slice(0, bar) !== '1') return { ok: false, message: bar === -1 ? text : text.slice(bar + 1) }
  const fields: Record<string, string> = {}
  for (const pair of text.slice(bar + 1).split('&')) {
    const at = pair.indexOf('=')
    if (at > 0) fields[pair.slice(0, at)] = pair.slice(at + 1)
  }
  return { ok: true, fields }
}

/** ECPay's dates: `yyyy/MM/dd HH:mm:ss` in Taiwan's time. */
export function ecpayDate(at: Date): string {
  const taipei = new Date(at.getTime() + 8 * 3_600_000)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${taipei.getUTCFullYear()}/${two(taipei.getUTCMonth() + 1)}/${two(taipei.getUTCDate())} ${two(taipei.getUTCHours())}:${two(taipei.getUTCMinutes())}:${two(taipei.getUTCSeconds())}`
}
