import { components, create, insertMultiple, removeMultiple, type AnyOrama } from '@orama/orama'

/** The part of Orama's radix tree used here: words of the index matching a term, with their documents. */
interface RadixNode {
  find(params: { term: string; exact: boolean; tolerance: number }): Record<string, number[]>
}
import { FilterError, parseFacetFilters, parseFilters, parseNumericFilters, valuesAt, type Predicate } from './filters'
import { highlight } from './highlight'
import { AlgoliaError, encodeParams, parseSearchParams, type SearchParams } from './params'
import { indexTokens, normalize, queryTerms, type QueryTerm } from './text'

export type SearchRecord = Record<string, unknown> & { objectID: string }

export interface IndexSettings {
  searchableAttributes: string[]
  attributesForFaceting: string[]
  customRanking: string[]
  /** sort criteria placed before relevance, as a standard replica's `ranking` does: `asc(price_min)` */
  ranking: string[]
  replicas: string[]
  /** the owner's own data, kept and returned as is */
  userData?: unknown
}

const DEFAULT_SETTINGS: IndexSettings = { searchableAttributes: [], attributesForFaceting: [], customRanking: [], ranking: [], replicas: [], userData: null }

/** `unordered(name)`, `searchable(city)`, `filterOnly(x)` and `desc(rank)` name their attribute inside. */
const inner = (spec: string) => /^\w+\((.+)\)$/.exec(spec)?.[1] ?? spec
const sortSpec = (spec: string) => {
  const m = /^(asc|desc)\((.+)\)$/.exec(spec)
  return m ? { dir: m[1] === 'asc' ? 1 : -1, attribute: m[2]! } : undefined
}

const tokenizer = {
  language: 'english',
  normalizationCache: new Map<string, string>(),
  // Orama passes the property only while indexing; at query time it gets one term already
  // normalized by queryTerms, to be matched as it is
  tokenize: (raw: string, _language?: string, prop?: string) => (prop ? indexTokens(raw) : [raw]),
}

interface Index {
  name: string
  settings: IndexSettings
  /** a replica shares its primary's records and has its own settings */
  primary?: string
  records: Map<string, SearchRecord>
  /** each record's searchable attributes, normalized once when saved, for ranking and typo counts */
  texts: Map<string, string[]>
  orama?: AnyOrama
}

/** Whether some word of `text` starts with `term` within `typos` edits (Levenshtein on the word's prefix). */
function nearWord(text: string, term: string, typos: number) {
  for (const word of text.split(/[^\p{L}\p{N}]+/u)) {
    if (Math.abs(word.length - term.length) > typos && word.length < term.length) continue
    if (prefixDistance(word, term, typos) <= typos) return true
  }
  return false
}

/** The smallest edit distance between `term` and any prefix of `word`, giving up above `limit`. */
function prefixDistance(word: string, term: string, limit: number) {
  let previous = Array.from({ length: word.length + 1 }, () => 0)
  for (let i = 1; i <= term.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= word.length; j++) {
      const cost = term[i - 1] === word[j - 1] ? 0 : 1
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      rowMin = Math.min(rowMin, current[j]!)
    }
    if (rowMin > limit) return limit + 1
    previous = current
  }
  return Math.min(...previous)
}

const textOf = (record: SearchRecord, attribute: string) => valuesAt(record, attribute).filter((v) => typeof v === 'string').join(' \u2003 ')

/**
 * An in-memory search engine with Algolia's index model: records by objectID, settings, standard
 * replicas for sorting, and Algolia's query semantics on top of Orama's text retrieval: every query
 * word must match (the last as a prefix), typos allowed by word length, ranking by typos, then the
 * best-matching attribute in `searchableAttributes` order, then `customRanking`.
 */
export class SearchEngine {
  private readonly indexes = new Map<string, Index>()
  private taskSeq = 0

  private index(name: string, create = false): Index {
    let index = this.indexes.get(name)
    if (!index) {
      if (!create) throw new AlgoliaError(404, 'Index does not exist')
      index = { name, settings: { ...DEFAULT_SETTINGS }, records: new Map(), texts: new Map() }
      this.indexes.set(name, index)
    }
    return index
  }

  private primaryOf(index: Index) {
    return index.primary ? this.index(index.primary) : index
  }

  private task() {
    return { taskID: ++this.taskSeq, updatedAt: new Date().toISOString() }
  }

  listIndices() {
    return [...this.indexes.values()].map((i) => ({ name: i.name, entries: this.primaryOf(i).records.size, primary: i.primary, replicas: i.settings.replicas }))
  }

  getSettings(name: string) {
    return this.index(name).settings
  }

  setSettings(name: string, settings: Partial<IndexSettings> & Record<string, unknown>) {
    const index = this.index(name, true)
    const known = Object.keys(DEFAULT_SETTINGS)
    for (const key of Object.keys(settings)) if (!known.includes(key)) throw new AlgoliaError(400, `Unknown setting: ${key}`)
    index.settings = { ...index.settings, ...settings }
    for (const replica of settings.replicas ?? []) {
      const r = this.index(replica, true)
      r.primary = name
    }
    if (settings.searchableAttributes) this.rebuild(index)
    return this.task()
  }

  private rebuild(index: Index) {
    if (index.primary) return
    index.orama = undefined
    if (index.records.size) this.indexRecords(index, [...index.records.values()])
  }

  // Orama retrieves and scores on one field holding every searchable attribute; which attribute
  // matched (Algolia's `attribute` criterion) is decided on the normalized texts kept beside it.
  private oramaOf(index: Index) {
    index.orama ??= create({ schema: { text: 'string' } as const, components: { tokenizer } })
    return index.orama
  }

  private indexRecords(index: Index, records: SearchRecord[]) {
    const attributes = index.settings.searchableAttributes.map(inner)
    if (attributes.length === 0) return
    const orama = this.oramaOf(index)
    const docs = records.map((r) => {
      const texts = attributes.map((a) => textOf(r, a))
      index.texts.set(r.objectID, texts.map(normalize))
      return { id: r.objectID, text: texts.join(' \u2003 ') }
    })
    insertMultiple(orama, docs)
  }

  private unindex(index: Index, ids: string[]) {
    if (index.orama && ids.length) removeMultiple(index.orama, ids)
  }

  saveObjects(name: string, records: SearchRecord[]) {
    const index = this.primaryOf(this.index(name, true))
    const replaced = records.filter((r) => index.records.has(r.objectID)).map((r) => r.objectID)
    this.unindex(index, replaced)
    for (const r of records) index.records.set(r.objectID, r)
    this.indexRecords(index, records)
    return { ...this.task(), objectIDs: records.map((r) => r.objectID) }
  }

  deleteObjects(name: string, ids: string[]) {
    const index = this.primaryOf(this.index(name, true))
    const present = ids.filter((id) => index.records.has(id))
    this.unindex(index, present)
    for (const id of present) {
      index.records.delete(id)
      index.texts.delete(id)
    }
    return { ...this.task(), objectIDs: ids }
  }

  clear(name: string) {
    const index = this.primaryOf(this.index(name, true))
    index.records.clear()
    index.texts.clear()
    index.orama = undefined
    return this.task()
  }

  getObject(name: string, id: string) {
    const record = this.primaryOf(this.index(name)).records.get(id)
    if (!record) throw new AlgoliaError(404, 'ObjectID does not exist')
    return record
  }

  taskStatus() {
    return { status: 'published', pendingTask: false }
  }

  /** One query, answered in Algolia's response shape. */
  search(name: string, body: Record<string, unknown>) {
    const started = performance.now()
    const params = parseSearchParams(body)
    const index = this.index(name)
    const primary = this.primaryOf(index)
    const terms = params.typoTolerance === false || params.typoTolerance === 'false' ? queryTerms(params.query).map((t) => ({ ...t, typos: 0 })) : queryTerms(params.query)

    let predicate: Predicate
    try {
      const parts = [parseFilters(params.filters)]
      if (params.facetFilters) parts.push(parseFacetFilters(params.facetFilters))
      if (params.numericFilters) parts.push(parseNumericFilters(params.numericFilters))
      predicate = (r) => parts.every((p) => p(r))
    } catch (error) {
      if (error instanceof FilterError) throw new AlgoliaError(400, error.message)
      throw error
    }

    const matched = this.match(primary, terms)
    const searchable = primary.settings.searchableAttributes.map(inner)
    const scored = [...matched.entries()]
      .map(([id, score]) => ({ record: primary.records.get(id)!, score }))
      .filter(({ record }) => record && predicate(record))
      .map((hit) => ({ ...hit, ...this.tiers(primary.texts.get(hit.record.objectID) ?? [], terms) }))
    // a replica's `ranking` may lead with a sort attribute; the textual criteria are applied below
    const before = index.settings.ranking.map(sortSpec).filter((s) => s !== undefined)
    const after = (index.primary ? primary.settings.customRanking : index.settings.customRanking).map(sortSpec).filter((s) => s !== undefined)
    const byAttribute = (spec: { dir: number; attribute: string }, a: SearchRecord, b: SearchRecord) => {
      const x = Number(valuesAt(a, spec.attribute)[0] ?? 0)
      const y = Number(valuesAt(b, spec.attribute)[0] ?? 0)
      return (x - y) * spec.dir
    }
    scored.sort((a, b) => {
      for (const spec of before) {
        const c = byAttribute(spec, a.record, b.record)
        if (c) return c
      }
      if (a.typos !== b.typos) return a.typos - b.typos
      if (a.attribute !== b.attribute) return a.attribute - b.attribute
      for (const spec of after) {
        const c = byAttribute(spec, a.record, b.record)
        if (c) return c
      }
      return b.score - a.score || a.record.objectID.localeCompare(b.record.objectID)
    })

    const facets = this.facets(primary, params, scored.map((s) => s.record))
    const nbHits = scored.length
    const nbPages = params.hitsPerPage === 0 ? 0 : Math.ceil(nbHits / params.hitsPerPage)
    const page = scored.slice(params.page * params.hitsPerPage, (params.page + 1) * params.hitsPerPage)
    const highlightAttributes = params.attributesToHighlight ?? searchable
    const hits = page.map(({ record }) => this.hit(record, params, terms, highlightAttributes))
    return {
      hits,
      nbHits,
      page: params.page,
      nbPages,
      hitsPerPage: params.hitsPerPage,
      ...facets,
      exhaustiveFacetsCount: true,
      exhaustiveNbHits: true,
      exhaustive: { facetsCount: true, nbHits: true, typo: true },
      query: params.query,
      params: encodeParams(body),
      index: name,
      processingTimeMS: Math.round(performance.now() - started),
    }
  }

  /**
   * Records matching every term: Orama's radix tree finds the index words for each term (exact
   * for a CJK pair, else as a prefix within the term's typo allowance); the sets are intersected.
   * An empty query matches everything. Ranking happens afterwards, on Algolia's criteria.
   */
  private match(index: Index, terms: QueryTerm[]) {
    const ids = new Map<string, number>()
    if (terms.length === 0) {
      for (const id of index.records.keys()) ids.set(id, 0)
      return ids
    }
    if (!index.orama) return ids
    const orama = index.orama
    const tree = (orama.data.index as unknown as { indexes: Record<string, { node: RadixNode }> }).indexes.text!.node
    let internal: Set<number> | undefined
    terms.forEach((term, i) => {
      if (internal?.size === 0) return
      // a CJK pair is a whole index token and so is a Latin word before the last; the last word
      // (or a lone CJK character) may be a prefix. Typos are tried only for a word that matches
      // nothing as typed, which keeps exact words first and the search fast.
      const prefix = i === terms.length - 1 && !(term.cjk && term.term.length === 2)
      let found = this.find(tree, term.term, !prefix, 0)
      // one typo before two: the wider search costs far more
      for (let typos = 1; found.size === 0 && typos <= term.typos; typos++) found = this.find(tree, term.term, false, typos)
      internal = internal ? new Set([...internal].filter((id) => found.has(id))) : found
    })
    for (const id of internal ?? []) ids.set(components.internalDocumentIDStore.getDocumentIdFromInternalId(orama.internalDocumentIDStore, id), 0)
    return ids
  }

  private find(tree: RadixNode, term: string, exact: boolean, tolerance: number) {
    const found = new Set<number>()
    for (const docs of Object.values(tree.find({ term, exact, tolerance }))) for (const id of docs) found.add(id)
    return found
  }

  /**
   * Typos: the terms not found as written; attribute: the first searchable attribute that holds
   * every term, as written or within the term's typo allowance.
   */
  private tiers(texts: string[], terms: QueryTerm[]) {
    if (terms.length === 0) return { typos: 0, attribute: 0 }
    let typos = 0
    let attribute = texts.length
    for (const term of terms) if (!texts.some((text) => text.includes(term.term))) typos++
    for (let i = 0; i < texts.length && attribute === texts.length; i++) {
      if (terms.every((t) => texts[i]!.includes(t.term) || (t.typos > 0 && nearWord(texts[i]!, t.term, t.typos)))) attribute = i
    }
    return { typos, attribute }
  }

  private facets(index: Index, params: SearchParams, records: SearchRecord[]) {
    const requested = typeof params.facets === 'string' ? [params.facets] : params.facets
    if (requested.length === 0) return {}
    const facetable = index.settings.attributesForFaceting.map(inner)
    const attributes = requested.includes('*') ? facetable : requested
    const facets: Record<string, Record<string, number>> = {}
    const stats: Record<string, { min: number; max: number; avg: number; sum: number }> = {}
    for (const attribute of attributes) {
      if (!facetable.includes(attribute)) continue
      const counts = new Map<string, number>()
      const numbers: number[] = []
      for (const record of records) {
        for (const value of new Set(valuesAt(record, attribute))) {
          counts.set(String(value), (counts.get(String(value)) ?? 0) + 1)
          if (typeof value === 'number') numbers.push(value)
        }
      }
      facets[attribute] = Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, params.maxValuesPerFacet))
      if (numbers.length) {
        const sum = numbers.reduce((s, n) => s + n, 0)
        stats[attribute] = { min: Math.min(...numbers), max: Math.max(...numbers), avg: sum / numbers.length, sum }
      }
    }
    return Object.keys(stats).length ? { facets, facets_stats: stats } : { facets }
  }

  private hit(record: SearchRecord, params: SearchParams, terms: QueryTerm[], highlightAttributes: string[]) {
    const retrieve = params.attributesToRetrieve
    const out: Record<string, unknown> = retrieve.includes('*') ? { ...record } : Object.fromEntries(retrieve.filter((a) => a in record).map((a) => [a, record[a]]))
    out.objectID = record.objectID
    const words = terms.map((t) => t.term)
    const highlighted: Record<string, unknown> = {}
    for (const attribute of highlightAttributes.map(inner)) {
      const value = record[attribute]
      if (typeof value === 'string') highlighted[attribute] = highlight(value, words, params.highlightPreTag, params.highlightPostTag)
      else if (Array.isArray(value) && value.every((x) => typeof x === 'string')) {
        highlighted[attribute] = value.map((x) => highlight(x, words, params.highlightPreTag, params.highlightPostTag))
      }
    }
    if (Object.keys(highlighted).length) out._highlightResult = highlighted
    return out
  }
}
