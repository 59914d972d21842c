import * as v from 'valibot'

export class AlgoliaError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const stringList = v.union([v.string(), v.array(v.union([v.string(), v.array(v.string())]))])

/** The search parameters this engine understands, with Algolia's defaults. Anything else is refused. */
const SearchParamsSchema = v.strictObject({
  query: v.optional(v.string(), ''),
  filters: v.optional(v.string(), ''),
  facetFilters: v.optional(stringList),
  numericFilters: v.optional(stringList),
  facets: v.optional(v.union([v.string(), v.array(v.string())]), []),
  maxValuesPerFacet: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), 100),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
  hitsPerPage: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000)), 20),
  attributesToRetrieve: v.optional(v.array(v.string()), ['*']),
  attributesToHighlight: v.optional(v.array(v.string())),
  highlightPreTag: v.optional(v.string(), '<em>'),
  highlightPostTag: v.optional(v.string(), '</em>'),
  typoTolerance: v.optional(v.union([v.boolean(), v.picklist(['true', 'false', 'min', 'strict'])]), true),
  analytics: v.optional(v.boolean()),
  clickAnalytics: v.optional(v.boolean()),
  userToken: v.optional(v.string()),
  getRankingInfo: v.optional(v.boolean()),
})
export type SearchParams = v.InferOutput<typeof SearchParamsSchema>

const NUMERIC = new Set(['page', 'hitsPerPage', 'maxValuesPerFacet'])
const BOOLEAN = new Set(['analytics', 'clickAnalytics', 'getRankingInfo'])
const LIST = new Set(['attributesToRetrieve', 'attributesToHighlight', 'facets'])

/** Algolia also accepts every parameter URL-encoded in one `params` string. */
function fromParamsString(params: string): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, raw] of new URLSearchParams(params)) {
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
  const { params, indexName: _index, type: _type, ...rest } = body
  const merged = { ...(typeof params === 'string' ? fromParamsString(params) : {}), ...rest }
  const known = Object.keys(SearchParamsSchema.entries)
  for (const key of Object.keys(merged)) if (!known.includes(key)) throw new AlgoliaError(400, `Unknown parameter: ${key}`)
  const result = v.safeParse(SearchParamsSchema, merged)
  if (!result.success) {
    const issue = result.issues[0]!
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
