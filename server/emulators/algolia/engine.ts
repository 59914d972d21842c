import { DocStore, type SearchRecord } from './doc-store'
import { facetCounts } from './facets'
import { checkFilter, FilterError, facetFilterTree, numericFilterTree, parseFilterTree, toDocumentPredicate, type FilterNode } from './filters'
import { highlight } from './highlight'
import { AlgoliaError, encodeParams, FORBIDDEN_KEYS, parseSearchParams, type SearchParams } from './params'
import { Ranking, rankedSlice, type SortSpec } from './ranking'
import { queryTerms, type QueryTerm } from './text'
import { findWithin, findWords } from './word-match'

export type { SearchRecord } from './doc-store'

export interface IndexSettings {
  searchableAttributes: string[]
  attributesForFaceting: string[]
  /**
   * numeric attributes a query may compare and range-filter without faceting on them; unlike
   * Algolia (every numeric attribute when unset), none unless declared
   */
  numericAttributesForFiltering: string[]
  customRanking: string[]
  /** sort criteria placed before relevance, as a standard replica's `ranking` does: `asc(price_min)` */
  ranking: string[]
  replicas: string[]
  /** the owner's own data, kept and returned as is */
  userData?: unknown
}

const DEFAULT_SETTINGS: IndexSettings = {
  searchableAttributes: [],
  attributesForFaceting: [],
  numericAttributesForFiltering: [],
  customRanking: [],
  ranking: [],
  replicas: [],
  userData: null,
}
const LIST_SETTINGS = ['searchableAttributes', 'attributesForFaceting', 'numericAttributesForFiltering', 'customRanking', 'ranking', 'replicas'] as const

/** `unordered(name)`, `searchable(city)`, `filterOnly(x)` and `desc(rank)` name their attribute inside. */
const inner = (spec: string) => /^\w+\((.+)\)$/.exec(spec)?.[1] ?? spec
const sortSpec = (spec: string): SortSpec | undefined => {
  const m = /^(asc|desc)\((.+)\)$/.exec(spec)
  return m ? { dir: m[1] === 'asc' ? 1 : -1, attribute: m[2]! } : undefined
}

interface Index {
  name: string
  settings: IndexSettings
  /** a replica shares its primary's records and has its own settings */
  primary?: string
  /** the records (of a primary), with their words and columns */
  store: DocStore
}

/**
 * An in-memory search engine with Algolia's index model: records by objectID, settings, standard
 * replicas for sorting, and Algolia's query semantics over Orama's radix tree: every query word
 * must match (the last as a prefix), typos allowed by word length, ranking by typos, then the
 * best-matching attribute in `searchableAttributes` order, then `customRanking`.
 */
export class SearchEngine {
  private readonly indexes = new Map<string, Index>()
  private taskSeq = 0

  private index(name: string, create = false): Index {
    let index = this.indexes.get(name)
    if (!index) {
      if (!create) throw new AlgoliaError(404, 'Index does not exist')
      index = { name, settings: { ...DEFAULT_SETTINGS }, store: new DocStore([]) }
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
    return [...this.indexes.values()].map((i) => ({ name: i.name, entries: this.primaryOf(i).store.size, primary: i.primary, replicas: i.settings.replicas }))
  }

  getSettings(name: string) {
    return this.index(name).settings
  }

  setSettings(name: string, settings: Partial<IndexSettings> & Record<string, unknown>) {
    const index = this.index(name, true)
    const known = Object.keys(DEFAULT_SETTINGS)
    for (const key of Object.keys(settings)) if (!known.includes(key) || FORBIDDEN_KEYS.has(key)) throw new AlgoliaError(400, `Unknown setting: ${key}`)
    for (const key of LIST_SETTINGS) {
      const value: unknown = settings[key]
      if (value !== undefined && !(Array.isArray(value) && value.every((x) => typeof x === 'string'))) throw new AlgoliaError(400, `Invalid value for "${key}": expected an array of strings`)
    }
    index.settings = { ...index.settings, ...settings }
    for (const replica of settings.replicas ?? []) {
      const r = this.index(replica, true)
      r.primary = name
    }
    if (settings.searchableAttributes && !index.primary) index.store.setSearchable(index.settings.searchableAttributes.map(inner))
    return this.task()
  }

  saveObjects(name: string, records: SearchRecord[]) {
    this.primaryOf(this.index(name, true)).store.save(records)
    return { ...this.task(), objectIDs: records.map((r) => r.objectID) }
  }

  deleteObjects(name: string, ids: string[]) {
    this.primaryOf(this.index(name, true)).store.delete(ids)
    return { ...this.task(), objectIDs: ids }
  }

  clear(name: string) {
    const index = this.primaryOf(this.index(name, true))
    index.store = new DocStore(index.settings.searchableAttributes.map(inner))
    return this.task()
  }

  getObject(name: string, id: string) {
    const record = this.primaryOf(this.index(name)).store.get(id)
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
    const store = primary.store
    const terms = params.typoTolerance === false || params.typoTolerance === 'false' ? queryTerms(params.query).map((t) => ({ ...t, typos: 0 })) : queryTerms(params.query)

    let filter: FilterNode
    try {
      const parts = [parseFilterTree(params.filters)]
      if (params.facetFilters) parts.push(facetFilterTree(params.facetFilters))
      if (params.numericFilters) parts.push(numericFilterTree(params.numericFilters))
      filter = parts.length === 1 ? parts[0]! : { op: 'and', parts }
      const settings = primary.settings
      checkFilter(filter, { facets: new Set(settings.attributesForFaceting.map(inner)), numeric: new Set(settings.numericAttributesForFiltering.map(inner)) })
    } catch (error) {
      if (error instanceof FilterError) throw new AlgoliaError(400, error.message)
      throw error
    }

    const matched = this.match(store, terms)
    const accept = toDocumentPredicate(filter, (attribute) => store.column(attribute))
    let hits = matched
    if (accept) {
      let kept = 0
      for (let i = 0; i < matched.length; i++) if (accept(matched[i]!)) matched[kept++] = matched[i]!
      hits = matched.subarray(0, kept)
    }
    // a replica's `ranking` may lead with a sort attribute; the textual criteria come after it
    const before = index.settings.ranking.map(sortSpec).filter((s) => s !== undefined)
    const after = (index.primary ? primary.settings.customRanking : index.settings.customRanking).map(sortSpec).filter((s) => s !== undefined)
    const ranking = new Ranking(store, terms, before, after)

    const facets = facetCounts(store, params, primary.settings.attributesForFaceting.map(inner), hits)
    const nbHits = hits.length
    const nbPages = params.hitsPerPage === 0 ? 0 : Math.ceil(nbHits / params.hitsPerPage)
    const page = rankedSlice(hits, params.page * params.hitsPerPage, (params.page + 1) * params.hitsPerPage, ranking.compare)
    const highlightAttributes = params.attributesToHighlight ?? primary.settings.searchableAttributes.map(inner)
    const result = page.map((doc) => this.hit(store.records[doc]!, params, terms, highlightAttributes))
    return {
      hits: result,
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
   * Documents matching every term: the radix tree gives the index words for each term (exact for
   * a CJK pair and for a Latin word before the last, else as a prefix; within the term's typo
   * allowance when nothing matches as typed), and their documents are intersected.
   * An empty query matches everything. Ranking happens afterwards, on Algolia's criteria.
   */
  private match(store: DocStore, terms: QueryTerm[]) {
    if (terms.length === 0) return store.all()
    const docs = store.buffer()
    let size = -1
    for (const [i, term] of terms.entries()) {
      const prefix = i === terms.length - 1 && !(term.cjk && term.term.length === 2)
      const stamp = store.newMark()
      const first = size < 0
      let found = 0
      const add = (doc: number) => {
        if (store.records[doc] && store.mark(doc, stamp)) {
          if (first) docs[found] = doc
          found++
        }
      }
      const visit = (word: { d: Set<number> }) => word.d.forEach(add)
      findWords(store.tree, term.term, !prefix, visit)
      // typos only for a word that matches nothing as typed, and one typo before two
      for (let typos = 1; found === 0 && typos <= term.typos; typos++) findWithin(store.tree, term.term, typos, visit)
      if (first) size = found
      else {
        let kept = 0
        for (let k = 0; k < size; k++) if (store.marked(docs[k]!, stamp)) docs[kept++] = docs[k]!
        size = kept
      }
      if (size === 0) break
    }
    return docs.subarray(0, size)
  }

  private hit(record: SearchRecord, params: SearchParams, terms: QueryTerm[], highlightAttributes: string[]) {
    const retrieve = params.attributesToRetrieve
    const out: Record<string, unknown> = retrieve.includes('*') ? { ...record } : Object.fromEntries(retrieve.filter((a) => Object.hasOwn(record, a)).map((a) => [a, record[a]]))
    out.objectID = record.objectID
    const words = terms.map((t) => t.term)
    const highlighted: Record<string, unknown> = Object.create(null)
    for (const attribute of highlightAttributes.map(inner)) {
      if (!Object.hasOwn(record, attribute)) continue
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
