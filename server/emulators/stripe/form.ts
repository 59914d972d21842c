import { invalidRequest, StripeApiError } from './errors'

/** A parameter value as Stripe's form encoding carries it: text, or nested by `a[b]` / `a[0]` / `a[]`. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type FormParams = Record<string, FormValue>

/**
 * What one request may carry. The sandbox faces the internet with a public key, so every size is
 * bounded before anything is built from it: Stripe's own deepest parameters nest four levels
 * (`payment_method_options[card][mandate_options][amount]`) and a subscription schedule's
 * price six (`phases[1][items][0][price_data][recurring][interval_count]`); its longest lists are far below 100.
 */
export const FORM_LIMITS = {
  /** bytes of one body or query string */
  bytes: 64 * 1024,
  /** name=value pairs */
  pairs: 256,
  /** characters of one parameter name, brackets included */
  nameLength: 256,
  /** bracket levels below the top-level name */
  depth: 6,
  /** entries of one list (`expand[]`, `types[0]`) */
  listLength: 100,
} as const

/** Names that would reach an object's prototype if ever copied onto a plain object. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype'])

/** Stripe's error for a body or query string over `FORM_LIMITS.bytes`. */
export const tooLarge = () =>
  new StripeApiError(413, { type: 'invalid_request_error', message: `The request is too large: at most ${FORM_LIMITS.bytes} bytes of parameters are accepted.` })

const pathName = (path: string[], upTo: number) => path[0] + path.slice(1, upTo + 1).map((s) => `[${s}]`).join('')

/**
 * Parses Stripe's `application/x-www-form-urlencoded` bodies (and query strings): `metadata[order]=x`
 * becomes `{ metadata: { order: 'x' } }`, `expand[]=a&expand[]=b` and `types[0]=card` become arrays.
 * Brackets may arrive encoded or not (the Node SDK leaves them unencoded). Objects have no
 * prototype; names such as `__proto__`, lists with gaps (`expand[4294967294]`) and anything over
 * `FORM_LIMITS` are refused with Stripe's 400 before any object is built from them.
 */
export function parseForm(text: string): FormParams {
  if (text.length > FORM_LIMITS.bytes || Buffer.byteLength(text) > FORM_LIMITS.bytes) throw tooLarge()
  const root: FormParams = Object.create(null)
  let pairs = 0
  for (const [rawKey, value] of new URLSearchParams(text)) {
    if (++pairs > FORM_LIMITS.pairs) throw invalidRequest(`Too many parameters: at most ${FORM_LIMITS.pairs} are accepted.`)
    if (rawKey.length > FORM_LIMITS.nameLength) throw invalidRequest(`Invalid parameter name: at most ${FORM_LIMITS.nameLength} characters.`, undefined, rawKey.slice(0, 40))
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey)
    if (!match) continue
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)]
    for (const [i, segment] of path.entries()) {
      if (FORBIDDEN.has(segment)) throw invalidRequest(`Received unknown parameter: ${pathName(path, i)}`, 'parameter_unknown', pathName(path, i))
    }
    if (path.length - 1 > FORM_LIMITS.depth) throw invalidRequest(`Invalid parameter ${rawKey}: parameters nest at most ${FORM_LIMITS.depth} levels.`, undefined, rawKey)
    let node: Record<string, FormValue> | FormValue[] = root
    for (let i = 0; i < path.length; i++) {
      const segment = path[i]!
      const last = i === path.length - 1
      const nextIsIndex = !last && (path[i + 1] === '' || /^\d+$/.test(path[i + 1]!))
      if (Array.isArray(node)) {
        const index = segment === '' ? node.length : /^\d{1,3}$/.test(segment) ? Number(segment) : Number.NaN
        // a list is filled in order: an index names an entry already there or the next one
        if (!(index <= node.length)) throw invalidRequest(`Invalid array: ${pathName(path, i)} must follow the list's previous index.`, undefined, pathName(path, i - 1))
        if (index >= FORM_LIMITS.listLength) throw invalidRequest(`Invalid array: ${pathName(path, i - 1)} can have at most ${FORM_LIMITS.listLength} entries.`, undefined, pathName(path, i - 1))
        if (last) node[index] = value
        else {
          const existing = node[index]
          node = (existing !== undefined && typeof existing === 'object' ? existing : (node[index] = nextIsIndex ? [] : Object.create(null))) as Record<string, FormValue> | FormValue[]
        }
      } else if (last) {
        node[segment] = value
      } else {
        const existing = node[segment]
        node = (existing !== undefined && typeof existing === 'object' ? existing : (node[segment] = nextIsIndex ? [] : Object.create(null))) as Record<string, FormValue> | FormValue[]
      }
    }
  }
  return root
}

/** A stable text form of parameters, for comparing an idempotent retry with the first request. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(value ?? null)
}
