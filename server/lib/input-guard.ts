import type { Context, MiddlewareHandler } from 'hono'
import { isStorableText, RESERVED_KEYS, TEXT_MESSAGES } from '../../contract/text'
import { malformedJson, validationFailed } from './errors'

/** the media types Hono's JSON validator reads (application/json, application/*+json) */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i

/** No input of the API nests deeper than a few levels; deeper is refused before any code walks it. */
const MAX_DEPTH = 32

/** by field; a Map, since a field may be called `__proto__` */
type Problems = Map<string, string[]>

const add = (problems: Problems, key: string, message: string) => {
  const list = problems.get(key) ?? []
  if (!list.includes(message)) list.push(message)
  problems.set(key, list)
}

/** a field path as the validator writes it (`lines.0.product_id`), shown without the characters it refuses */
const fieldName = (path: (string | number)[], fallback: string) =>
  path.map((p) => (typeof p === 'string' ? Array.from(p, (char) => (isStorableText(char) ? char : '\uFFFD')).join('') : p)).join('.') || fallback

/**
 * Walks a parsed JSON body without recursion: every key and string must be storable text (no
 * NUL, no unpaired surrogate: Postgres refuses both), no key may reach a prototype, and the
 * nesting stays shallow. Numbers and shapes are left to the route's schema.
 */
function inspectJson(body: unknown, problems: Problems) {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: body, path: [] }]
  while (stack.length > 0) {
    const { value, path } = stack.pop()!
    if (typeof value === 'string') {
      if (!isStorableText(value)) add(problems, fieldName(path, 'body'), TEXT_MESSAGES.unstorable)
      continue
    }
    if (value === null || typeof value !== 'object') continue
    if (path.length >= MAX_DEPTH) {
      add(problems, fieldName(path, 'body'), 'is invalid')
      continue
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }))
      continue
    }
    for (const [key, item] of Object.entries(value)) {
      const keyPath = [...path, key]
      if (RESERVED_KEYS.has(key)) add(problems, fieldName(keyPath, 'body'), TEXT_MESSAGES.reservedKey)
      else if (!isStorableText(key)) add(problems, fieldName(keyPath, 'body'), TEXT_MESSAGES.unstorable)
      else stack.push({ value: item, path: keyPath })
    }
  }
}

function inspectQuery(c: Context, problems: Problems) {
  for (const [key, values] of Object.entries(c.req.queries())) {
    if (RESERVED_KEYS.has(key)) add(problems, key, TEXT_MESSAGES.reservedKey)
    else if (!isStorableText(key) || values.some((value) => !isStorableText(value))) add(problems, fieldName([key], 'query'), TEXT_MESSAGES.unstorable)
  }
}

/**
 * Input every route refuses, checked once before any route sees it: a JSON body that does not
 * parse (400 MALFORMED_JSON), and text the database cannot store or keys that would reach a
 * prototype anywhere in the path, the query or the JSON body (400 VALIDATION_FAILED, by field).
 * The parsed text stays in Hono's body cache, so the route's validator and a webhook's signature
 * check read the same bytes.
 */
export const inputGuard = (): MiddlewareHandler => async (c, next) => {
  const problems: Problems = new Map()
  if (!isStorableText(c.req.path)) add(problems, 'path', TEXT_MESSAGES.unstorable)
  inspectQuery(c, problems)
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim()
  if (c.req.raw.body && JSON_MEDIA_TYPE.test(mediaType)) {
    const text = await c.req.text()
    if (text.trim() !== '') {
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        throw malformedJson()
      }
      inspectJson(body, problems)
    }
  }
  if (problems.size > 0) throw validationFailed(Object.fromEntries(problems))
  await next()
}
