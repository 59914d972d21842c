import type { DocStore } from './doc-store'

interface FacetRequest {
  facets: string | string[]
  maxValuesPerFacet: number
}

/**
 * Facet counts over every hit (not only the page), by value ids in a typed array: the most frequent
 * values first, ties in collation order, at most `maxValuesPerFacet`; `facets_stats` for the
 * attributes holding numbers. Only attributes in `attributesForFaceting` are counted; `*` asks for all.
 */
export function facetCounts(store: DocStore, request: FacetRequest, facetable: string[], hits: ArrayLike<number>) {
  const requested = typeof request.facets === 'string' ? [request.facets] : request.facets
  if (requested.length === 0) return {}
  const attributes = requested.includes('*') ? facetable : requested
  const facets: Record<string, Record<string, number>> = {}
  const stats: Record<string, { min: number; max: number; avg: number; sum: number }> = {}
  for (const attribute of attributes) {
    if (!facetable.includes(attribute)) continue
    const column = store.column(attribute)
    const byId = new Uint32Array(column.size)
    for (let i = 0; i < hits.length; i++) column.count(hits[i]!, byId)
    // values of different types may share a string form (1 and "1"): they count as one
    const counts = new Map<string, number>()
    let n = 0
    let sum = 0
    let min = Infinity
    let max = -Infinity
    for (let id = 0; id < byId.length; id++) {
      const count = byId[id]!
      if (count === 0) continue
      const key = column.strings[id]!
      counts.set(key, (counts.get(key) ?? 0) + count)
      if (column.kinds[id] === 'number') {
        const value = column.numbers[id]!
        n += count
        sum += value * count
        if (value < min) min = value
        if (value > max) max = value
      }
    }
    facets[attribute] = Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, request.maxValuesPerFacet))
    if (n) stats[attribute] = { min, max, avg: sum / n, sum }
  }
  return Object.keys(stats).length ? { facets, facets_stats: stats } : { facets }
}
