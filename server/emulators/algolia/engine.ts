import { DocStore, type SearchRecord } from './doc-store'
import { facetCounts } from './facets'
import { checkFilter, FilterError, facetFilterTree, numericFilterTree, parseFilterTree, toDocumentPredicate, type FilterNode } from './filters'
import { highlight } from './highlight'
import { AlgoliaError, encodeParams, FORBIDDEN_KEYS, parseSearchParams, type SearchParams } from './params'
import { Ranking, rankedSlice, type SortSpec } from './ranking'
import { parseSynonym, SYNONYM_LIMITS, SynonymSet, type QueryGroup, type SynonymHit } from './synonyms'
import type { QueryTerm } from './text'
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
  /**
   * which alternatives count as exact matches in ranking; of Algolia's values only the synonym ones
   * act here: without `singleWordSynonym` (or `multiWordsSynonym`), a hit found through such a
   * synonym ranks after one holding the words typed
   */
  alternativesAsExact: string[]
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
  alternativesAsExact: ['ignorePlurals', 'singleWordSynonym'],
  userData: null,
}
/** Algolia's limit on an index name's length */
const INDEX_NAME_LIMIT = 512
const LIST_SETTINGS = ['searchableAttributes', 'attributesForFaceting', 'numericAttributesForFiltering', 'customRanking', 'ranking', 'replicas', 'alternativesAsExact'] as const
const ALTERNATIVES_AS_EXACT = new Set(['ignorePlurals', 'singleWordSynonym', 'multiWordsSynonym', 'ignoreConjugations'])

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
  /** each index has its own, as in Algolia; `forwardToReplicas` copies a change to the replicas */
  synonyms: SynonymSet
}

/** How a synonym write spreads: to the replicas too, and whether a batch replaces every other synonym. */
export interface SynonymWriteOptions {
  forwardToReplicas?: boolean
  replaceExistingSynonyms?: boolean
}

/**
 * An in-memory search engine with Algolia's index model: records by objectID, settings, standard
 * replicas for sorting, synonyms, and Algolia's query semantics over Orama's radix tree: every
 * query word (or one of its synonyms) must match (the last as a prefix), typos allowed by word
 * length, ranking by typos, then the best-matching attribute in `searchableAttributes` order, then
 * the words typed before synonyms, then `customRanking`.
 */
export class SearchEngine {
  private readonly indexes = new Map<string, Index>()
  private taskSeq = 0

  private index(name: string, create = false): Index {
    let index = this.indexes.get(name)
    if (!index) {
      if (!create) throw new AlgoliaError(404, 'Index does not exist')
      index = { name, settings: { ...DEFAULT_SETTINGS }, store: new DocStore([]), synonyms: new SynonymSet() }
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
    for (const value of settings.alternativesAsExact ?? []) if (!ALTERNATIVES_AS_EXACT.has(value)) throw new AlgoliaError(400, `Invalid value for "alternativesAsExact": ${value}`)
    index.settings = { ...index.settings, ...settings }
    if (settings.replicas) {
      this.detachReplicasOf(name, settings.replicas)
      for (const replica of settings.replicas) this.index(replica, true).primary = name
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

  /** The index and, when forwarded, its replicas: where a synonym write goes. */
  private synonymTargets(name: string, forward: boolean | undefined) {
    const index = this.index(name, true)
    return [index, ...(forward ? index.settings.replicas.map((r) => this.index(r, true)) : [])]
  }

  saveSynonyms(name: string, body: unknown[], options: SynonymWriteOptions = {}) {
    if (body.length > SYNONYM_LIMITS.perIndex) throw new AlgoliaError(400, `Too many synonyms: an index holds at most ${SYNONYM_LIMITS.perIndex}`)
    const hits = body.map(parseSynonym)
    const targets = this.synonymTargets(name, options.forwardToReplicas)
    // checked everywhere before anything changes: a refused batch leaves every index as it was
    for (const index of targets) index.synonyms.check(hits, options.replaceExistingSynonyms)
    for (const index of targets) index.synonyms.save(hits, options.replaceExistingSynonyms)
    return this.task()
  }

  saveSynonym(name: string, objectID: string, body: unknown, options: SynonymWriteOptions = {}) {
    // the path names the object, as in Algolia
    const hit = parseSynonym(body && typeof body === 'object' && !Array.isArray(body) ? { ...body, objectID } : body)
    return { ...this.saveSynonyms(name, [hit], { forwardToReplicas: options.forwardToReplicas }), id: objectID }
  }

  getSynonym(name: string, objectID: string): SynonymHit {
    const hit = this.index(name).synonyms.get(objectID)
    if (!hit) throw new AlgoliaError(404, 'Synonym set does not exist')
    return hit
  }

  deleteSynonym(name: string, objectID: string, options: SynonymWriteOptions = {}) {
    const targets = this.synonymTargets(name, options.forwardToReplicas)
    if (!targets[0]!.synonyms.get(objectID)) throw new AlgoliaError(404, 'Synonym set does not exist')
    for (const index of targets) index.synonyms.delete(objectID)
    const { taskID } = this.task()
    return { taskID, deletedAt: new Date().toISOString() }
  }

  clearSynonyms(name: string, options: SynonymWriteOptions = {}) {
    for (const index of this.synonymTargets(name, options.forwardToReplicas)) index.synonyms.clear()
    return this.task()
  }

  searchSynonyms(name: string, body: Record<string, unknown>) {
    return this.index(name).synonyms.search(body)
  }

  /**
   * Algolia's copy and move (`POST /1/indexes/{index}/operation`), the way to rebuild an index
   * while searches keep reading the old one: build a temporary index, then move it over the live
   * one in one step. A move keeps the destination's replicas (they get the new records); a copy
   * never takes `replicas`, and refuses a destination that has replicas. `scope` limits a copy to
   * settings and synonyms (rules are not emulated).
   */
  operation(source: string, body: Record<string, unknown>) {
    const { operation, destination, scope } = body
    if (operation !== 'move' && operation !== 'copy') throw new AlgoliaError(400, 'operation: expected "move" or "copy"')
    if (typeof destination !== 'string' || !destination || destination.length > INDEX_NAME_LIMIT) throw new AlgoliaError(400, 'destination: expected an index name')
    if (scope !== undefined && !(Array.isArray(scope) && scope.every((s) => s === 'settings' || s === 'synonyms' || s === 'rules')))
      throw new AlgoliaError(400, 'scope: expected an array of "settings", "synonyms" and "rules"')
    if (operation === 'move' && scope !== undefined) throw new AlgoliaError(400, 'scope: only a copy takes a scope')
    if (destination === source) throw new AlgoliaError(400, 'destination: must differ from the source index')
    const from = this.indexes.get(source)
    // as in Algolia: moving an index that does not exist does nothing; copying one copies an empty index
    if (!from && operation === 'move') return this.task()
    if (from?.primary) throw new AlgoliaError(400, `Cannot ${operation} a replica index`)
    if (from && from.settings.replicas.length && operation === 'move') throw new AlgoliaError(400, 'Cannot move an index that has replicas')
    const existing = this.indexes.get(destination)
    if (existing?.primary) throw new AlgoliaError(400, 'Cannot overwrite a replica index')
    if (operation === 'copy' && existing?.settings.replicas.length) throw new AlgoliaError(400, 'Cannot copy to a destination index that has replicas')
    const to = this.index(destination, true)
    const settings = from?.settings ?? DEFAULT_SETTINGS
    const parts = new Set(scope ?? ['settings', 'synonyms', 'records'])
    if (parts.has('settings')) {
      to.settings = { ...settings, replicas: to.settings.replicas }
      if (!parts.has('records')) to.store.setSearchable(to.settings.searchableAttributes.map(inner))
    }
    if (parts.has('synonyms')) to.synonyms = operation === 'move' && from ? from.synonyms : (from?.synonyms.copy() ?? new SynonymSet())
    if (parts.has('records')) {
      if (operation === 'move' && from) to.store = from.store
      else {
        to.store = new DocStore(to.settings.searchableAttributes.map(inner))
        if (from) to.store.save([...from.store.all()].map((doc) => from.store.records[doc]!))
      }
    }
    if (operation === 'move') this.indexes.delete(source)
    return this.task()
  }

  /** Replicas of `primary` not in `keep` become indexes of their own, with a copy of the records they showed. */
  private detachReplicasOf(primary: string, keep: readonly string[] = []) {
    const source = this.indexes.get(primary)
    for (const index of this.indexes.values()) {
      if (index.primary !== primary || keep.includes(index.name)) continue
      index.primary = undefined
      index.store = new DocStore(index.settings.searchableAttributes.map(inner))
      if (source) index.store.save([...source.store.all()].map((doc) => source.store.records[doc]!))
    }
  }

  /** `DELETE /1/indexes/{index}`: a primary's replicas become indexes of their own, keeping their records. */
  deleteIndex(name: string) {
    const index = this.indexes.get(name)
    if (index?.primary) {
      const primary = this.indexes.get(index.primary)
      if (primary) primary.settings = { ...primary.settings, replicas: primary.settings.replicas.filter((r) => r !== name) }
    }
    this.detachReplicasOf(name)
    this.indexes.delete(name)
    const { taskID } = this.task()
    return { taskID, deletedAt: new Date().toISOString() }
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
    const groups = index.synonyms.expand(params.query)
    if (params.typoTolerance === false || params.typoTolerance === 'false') for (const group of groups) for (const alternative of group.alternatives) for (const term of alternative) term.typos = 0

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

    const matched = this.match(store, groups)
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
    const exact = new Set(primary.settings.alternativesAsExact)
    const ranking = new Ranking(store, groups, before, after, { singleWord: exact.has('singleWordSynonym'), multiWords: exact.has('multiWordsSynonym') })

    const facets = facetCounts(store, params, primary.settings.attributesForFaceting.map(inner), hits)
    const nbHits = hits.length
    const nbPages = params.hitsPerPage === 0 ? 0 : Math.ceil(nbHits / params.hitsPerPage)
    const page = rankedSlice(hits, params.page * params.hitsPerPage, (params.page + 1) * params.hitsPerPage, ranking.compare)
    const highlightAttributes = params.attributesToHighlight ?? primary.settings.searchableAttributes.map(inner)
    const words = groups.map((g) => g.alternatives.flat().map((t) => t.term))
    const result = page.map((doc) => this.hit(store.records[doc]!, params, words, highlightAttributes))
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
   * Documents matching every group: the radix tree gives the index words for each term (exact for
   * a CJK pair and for a Latin word before the last, else as a prefix; within the term's typo
   * allowance when nothing matches as typed), and their documents are intersected. A group with
   * synonyms matches a document through any of its alternatives. An empty query matches
   * everything. Ranking happens afterwards, on Algolia's criteria.
   */
  private match(store: DocStore, groups: QueryGroup[]) {
    if (groups.length === 0) return store.all()
    const docs = store.buffer()
    let size = -1
    for (const group of groups) {
      const stamp = store.newMark()
      const first = size < 0
      let found = 0
      const add = (doc: number) => {
        if (store.mark(doc, stamp)) {
          if (first) docs[found] = doc
          found++
        }
      }
      for (const alternative of group.alternatives) {
        if (alternative.length === 1) this.visitTerm(store, alternative[0]!, add)
        else for (const doc of this.allOf(store, alternative)) add(doc)
      }
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

  /** Visits the live documents holding one term; typos only when nothing matches as typed, one before two. */
  private visitTerm(store: DocStore, term: QueryTerm, visit: (doc: number) => void) {
    let found = false
    const add = (doc: number) => {
      if (store.records[doc]) {
        found = true
        visit(doc)
      }
    }
    const words = (word: { d: Set<number> }) => word.d.forEach(add)
    findWords(store.tree, term.term, !term.prefix, words)
    for (let typos = 1; !found && typos <= term.typos; typos++) findWithin(store.tree, term.term, typos, words)
  }

  /** The documents holding every term of one alternative (a phrase, or a CJK word's pairs): rare and small, so plain sets. */
  private allOf(store: DocStore, terms: QueryTerm[]) {
    let docs: Set<number> | undefined
    for (const term of terms) {
      const next = new Set<number>()
      this.visitTerm(store, term, (doc) => {
        if (!docs || docs.has(doc)) next.add(doc)
      })
      docs = next
      if (docs.size === 0) break
    }
    return docs ?? new Set<number>()
  }

  private hit(record: SearchRecord, params: SearchParams, words: string[][], highlightAttributes: string[]) {
    const retrieve = params.attributesToRetrieve
    const out: Record<string, unknown> = retrieve.includes('*') ? { ...record } : Object.fromEntries(retrieve.filter((a) => Object.hasOwn(record, a)).map((a) => [a, record[a]]))
    out.objectID = record.objectID
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
