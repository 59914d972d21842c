import * as v from 'valibot'

export class AlgoliaError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * What one search may ask for. The search key is public, so each figure bounds the work one
 * request can cause; Algolia's own limits where it has them (a 512-byte query, 1,000 hits a page,
 * 50 queries a batch), generous figures for the shop's own use elsewhere.
 */
export const SEARCH_LIMITS = {
  /** bytes of `query` (Algolia: 512) */
  queryBytes: 512,
  /** characters of `filters` and of each facet or numeric filter */
  filterLength: 4096,
  /** conditions in one query's filters (filters, facetFilters and numericFilters together) */
  filterConditions: 256,
  /** parentheses and NOTs nested in `filters` */
  filterDepth: 32,
  /** entries in `facets`, `attributesToRetrieve`, `attributesToHighlight`, and each filter list */
  listLength: 100,
  /** characters of an attribute name, a highlight tag or a user token */
  nameLength: 256,
  /** Algolia's `hitsPerPage` maximum */
  hitsPerPage: 1000,
  /** the last page number accepted */
  page: 1000,
  /** queries in one `/1/indexes/*\/queries` batch (Algolia: 50) */
  queriesPerBatch: 50,
  /** hits (the sum of `hitsPerPage`) one batch may ask for, so that one answer stays a few MB */
  hitsPerBatch: 1000,
} as const

/** Names that would reach an object's prototype if ever copied onto a plain object. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** `\p{Cs}` under the u flag matches only a surrogate without its pair */
const UNPAIRED_SURROGATE = /\p{Cs}/u

/**
 * Every key and string of a parsed JSON body must be well-formed UTF-16. JSON can spell an unpaired
 * surrogate (`"\ud800"`), which neither UTF-8 nor a URL can carry: it would fail deep inside a
 * search (echoing `params`, highlighting) as a 500 instead of here as a 400. Walked without
 * recursion, since a body may nest as deep as its size allows.
 */
export function assertWellFormed(body: unknown): void {
  type Entry = { value: unknown; key: string | number; parent?: Entry }
  const stack: Entry[] = [{ value: body, key: '' }]
  const fail = (at: Entry): never => {
    const path: (string | number)[] = []
    for (let entry: Entry | undefined = at; entry?.parent; entry = entry.parent) path.push(entry.key)
    const name = path
      .reverse()
      .map((p) => String(p).replace(/\p{Cs}/gu, '\uFFFD')).join('.') || 'body'
    throw new AlgoliaError(400, `Invalid value for "${name.slice(0, SEARCH_LIMITS.nameLength)}": text must be well-formed Unicode (it holds an unpaired surrogate)`)
  }
  while (stack.length > 0) {
    const entry = stack.pop()!
    const { value } = entry
    if (typeof value === 'string') {
      if (UNPAIRED_SURROGATE.test(value)) fail(entry)
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push({ value: value[i], key: i, parent: entry })
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        const child: Entry = { value: (value as Record<string, unknown>)[key], key, parent: entry }
        if (UNPAIRED_SURROGATE.test(key)) fail(child)
        stack.push(child)
      }
    }
  }
}

const QUERY_TOO_LONG = `Invalid value for "query" parameter, expected string shorter than ${SEARCH_LIMITS.queryBytes} bytes`

const name = v.pipe(v.string(), v.maxLength(SEARCH_LIMITS.nameLength))
const names = v.pipe(v.array(name), v.maxLength(SEARCH_LIMITS.listLength))
const filter = v.pipe(v.string(), v.maxLength(SEARCH_LIMITS.filterLength))
const filterList = v.union([filter, v.pipe(v.array(v.union([filter, v.pipe(v.array(filter), v.maxLength(SEARCH_LIMITS.listLength))])), v.maxLength(SEARCH_LIMITS.listLength))])

/** The search parameters this engine understands, with Algolia's defaults. Anything else is refused. */
export const SearchParamsSchema = v.strictObject({
  query: v.optional(v.pipe(v.string(), v.maxBytes(SEARCH_LIMITS.queryBytes, QUERY_TOO_LONG)), ''),
  filters: v.optional(filter, ''),
  facetFilters: v.optional(filterList),
  numericFilters: v.optional(filterList),
  facets: v.optional(v.union([name, names]), []),
  maxValuesPerFacet: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), 100),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SEARCH_LIMITS.page)), 0),
  hitsPerPage: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SEARCH_LIMITS.hitsPerPage)), 20),
  attributesToRetrieve: v.optional(names, ['*']),
  attributesToHighlight: v.optional(names),
  highlightPreTag: v.optional(name, '<em>'),
  highlightPostTag: v.optional(name, '</em>'),
  typoTolerance: v.optional(v.union([v.boolean(), v.picklist(['true', 'false', 'min', 'strict'])]), true),
  analytics: v.optional(v.boolean()),
  clickAnalytics: v.optional(v.boolean()),
  userToken: v.optional(v.pipe(v.string(), v.maxLength(129))),
  getRankingInfo: v.optional(v.boolean()),
})
export type SearchParams = v.InferOutput<typeof SearchParamsSchema>

const NUMERIC = new Set(['page', 'hitsPerPage', 'maxValuesPerFacet'])
const BOOLEAN = new Set(['analytics', 'clickAnalytics', 'getRankingInfo'])
const LIST = new Set(['attributesToRetrieve', 'attributesToHighlight', 'facets'])
const KNOWN = new Set(Object.keys(SearchParamsSchema.entries))

/** Algolia also accepts every parameter URL-encoded in one `params` string. */
function fromParamsString(params: string): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null)
  for (const [key, raw] of new URLSearchParams(params)) {
    if (!KNOWN.has(key)) throw new AlgoliaError(400, `Unknown parameter: ${key}`)
    let value: unknown = raw
    if (raw.startsWith('[') || raw.startsWith('{')) {
      try {
        value = JSON.parse(raw)
      } catch {
        throw new AlgoliaError(400, `Invalid value for "${key}": not valid JSON`)
      }
    } else if (NUMERIC.has(key)) value = Number(raw)
    else if (BOOLEAN.has(key)) value = raw === 'true'
    else if (LIST.has(key) && key !== 'facets') value = raw.split(',')
    out[key] = value
  }
  return out
}

/** Reads one query's parameters (JSON fields and/or a `params` string), refusing unknown ones by name. */
export function parseSearchParams(body: Record<string, unknown>): SearchParams {
  const merged: Record<string, unknown> = Object.create(null)
  if (typeof body.params === 'string') Object.assign(merged, fromParamsString(body.params))
  for (const key of Object.keys(body)) {
    if (key === 'params' || key === 'indexName' || key === 'type') continue
    if (!KNOWN.has(key) || FORBIDDEN_KEYS.has(key)) throw new AlgoliaError(400, `Unknown parameter: ${key}`)
    merged[key] = body[key]
  }
  const result = v.safeParse(SearchParamsSchema, merged)
  if (!result.success) {
    const issue = result.issues[0]!
    if (issue.message === QUERY_TOO_LONG) throw new AlgoliaError(400, QUERY_TOO_LONG)
    throw new AlgoliaError(400, `Invalid value for "${v.getDotPath(issue) ?? 'params'}": ${issue.message}`)
  }
  return result.output
}

/** The parameters as Algolia echoes them back in `params`. */
export const encodeParams = (body: Record<string, unknown>) =>
  Object.entries(body)
    .filter(([key]) => key !== 'indexName' && key !== 'type')
    .map(([key, value]) => `${key}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join('&')
