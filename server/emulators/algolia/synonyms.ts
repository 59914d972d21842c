import * as v from 'valibot'
import { AlgoliaError, SEARCH_LIMITS } from './params'
import { normalize, queryTerms, type QueryTerm } from './text'

/**
 * Algolia's synonyms (https://www.algolia.com/doc/guides/managing-results/optimize-search-results/adding-synonyms):
 * a regular `synonym` makes every word or phrase of its list find the others; a `onewaysynonym`
 * makes its `input` find its `synonyms`, not the reverse. The alternative corrections and
 * placeholders Algolia also has are refused by name.
 */
export type SynonymHit = { objectID: string; type: 'synonym'; synonyms: string[] } | { objectID: string; type: 'onewaysynonym'; input: string; synonyms: string[] }

/** The emulator's own bounds: only the admin key writes synonyms, but each one costs every query a lookup. */
export const SYNONYM_LIMITS = {
  /** synonym objects in one index */
  perIndex: 10_000,
  /** words or phrases in one object's `synonyms` */
  wordsPerSynonym: 100,
  /** characters of one word or phrase, and of an `objectID` */
  wordLength: 100,
  /**
   * what one word or phrase may find through all the synonyms that name it: without it, one word
   * in every object of an index at the cap would expand a query into a million alternatives
   */
  alternativesPerWord: 100,
  /** alternatives one query is expanded into, all its words together (those beyond are left out) */
  alternativesPerQuery: 200,
} as const

const UNSUPPORTED_TYPES = new Set(['altcorrection1', 'altcorrection2', 'altCorrection1', 'altCorrection2', 'placeholder'])
const TOKEN = /[\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+|[\p{L}\p{N}]+/gu
const CJK_ONLY = /^[\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+$/

/** A word or phrase as synonyms compare it: normalized like any text, its words and CJK runs joined by one space. */
const key = (text: string) => (normalize(text).match(TOKEN) ?? []).join(' ')

const word = v.pipe(
  v.string(),
  v.maxLength(SYNONYM_LIMITS.wordLength),
  v.check((w) => key(w) !== '', 'expected a word or phrase with a letter or digit'),
)
const words = (min: number) => v.pipe(v.array(word), v.minLength(min), v.maxLength(SYNONYM_LIMITS.wordsPerSynonym))
const objectID = v.pipe(v.string(), v.minLength(1), v.maxLength(SYNONYM_LIMITS.wordLength))
export const SynonymSchema = v.variant('type', [
  v.strictObject({ objectID, type: v.literal('synonym'), synonyms: words(2) }),
  v.strictObject({ objectID, type: v.picklist(['onewaysynonym', 'oneWaySynonym']), input: word, synonyms: words(1) }),
])

/** One synonym object from a request body, checked, with its type spelled as Algolia answers it. */
export function parseSynonym(body: unknown): SynonymHit {
  const type = (body as { type?: unknown } | null)?.type
  if (typeof type === 'string' && UNSUPPORTED_TYPES.has(type)) throw new AlgoliaError(400, `Unsupported synonym type: ${type} (this engine has synonym and onewaysynonym)`)
  const result = v.safeParse(SynonymSchema, body)
  if (!result.success) {
    const issue = result.issues[0]!
    throw new AlgoliaError(400, `Invalid synonym: "${v.getDotPath(issue) ?? 'body'}": ${issue.message}`)
  }
  const hit = result.output
  return hit.type === 'synonym' ? { objectID: hit.objectID, type: 'synonym', synonyms: hit.synonyms } : { objectID: hit.objectID, type: 'onewaysynonym', input: hit.input, synonyms: hit.synonyms }
}

export const SearchSynonymsSchema = v.strictObject({
  query: v.optional(v.pipe(v.string(), v.maxBytes(SEARCH_LIMITS.queryBytes)), ''),
  type: v.optional(v.picklist(['synonym', 'onewaysynonym', 'oneWaySynonym'])),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SEARCH_LIMITS.page)), 0),
  hitsPerPage: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(SEARCH_LIMITS.hitsPerPage)), 100),
})

/**
 * What one query asks for at one place: a document matches the group through any alternative, and
 * an alternative when it holds all its terms. The first alternative is the query's own words; the
 * others, when there are any, come from synonyms (whole words, no prefix, no typos).
 */
export interface QueryGroup {
  alternatives: QueryTerm[][]
  /** for a group with synonyms: how many words each alternative's phrase has (a CJK run is one) */
  words?: number[]
}

/** A synonym object's words as keys (the input apart for a one-way synonym), worked out once per object. */
type Prepared = { hit: SynonymHit; input?: string; words: string[] }
const prepared = new WeakMap<SynonymHit, Prepared>()
const prepare = (hit: SynonymHit): Prepared => {
  let entry = prepared.get(hit)
  if (!entry) {
    entry = { hit, input: hit.type === 'onewaysynonym' ? key(hit.input) : undefined, words: hit.synonyms.map(key) }
    prepared.set(hit, entry)
  }
  return entry
}

const exact = (text: string) => queryTerms(text).map((t) => ({ ...t, typos: 0, prefix: false }))

/** One index's synonym objects, and the lookup table queries use, rebuilt after each change. */
export class SynonymSet {
  /** per objectID: the object, and its words as keys (the input first for a one-way synonym) */
  private readonly entries = new Map<string, { hit: SynonymHit; input?: string; words: string[] }>()
  /**
   * per key: the word lists it finds. A regular synonym's list is stored once and shared by each of
   * its words, so that the table grows with the words, not with their square.
   */
  private table?: Map<string, string[][]>
  /** the most tokens of any key, and the lengths of the keys that are one CJK run (matched inside a longer run) */
  private longest = 0
  private cjkLengths: number[] = []

  get size() {
    return this.entries.size
  }

  get(objectID: string) {
    return this.entries.get(objectID)?.hit
  }

  /** A set holding the same synonyms (for copying an index). */
  copy() {
    const copy = new SynonymSet()
    copy.save([...this.entries.values()].map((entry) => entry.hit), true)
    return copy
  }

  /** Refuses a batch that would take the index past the cap. */
  check(hits: SynonymHit[], replace = false) {
    const after = new Set(replace ? [] : this.entries.keys())
    for (const hit of hits) after.add(hit.objectID)
    if (after.size > SYNONYM_LIMITS.perIndex) throw new AlgoliaError(400, `Too many synonyms: an index holds at most ${SYNONYM_LIMITS.perIndex}`)
    // what each word would find once the batch is in (counted with repeats: an upper bound)
    const batch = new Map(hits.map((hit) => [hit.objectID, hit]))
    const finds = new Map<string, number>()
    const count = (from: string, words: number) => {
      const total = (finds.get(from) ?? 0) + words
      if (total > SYNONYM_LIMITS.alternativesPerWord) throw new AlgoliaError(400, `Too many synonyms for "${from}": a word or phrase finds at most ${SYNONYM_LIMITS.alternativesPerWord} others through all the synonyms that name it`)
      finds.set(from, total)
    }
    for (const objectID of after) {
      const fresh = batch.get(objectID)
      const { input, words } = fresh ? prepare(fresh) : this.entries.get(objectID)!
      if (input !== undefined) count(input, words.length)
      else for (const word of words) count(word, words.length - 1)
    }
  }

  /** Saves objects, replacing all others first when asked. */
  save(hits: SynonymHit[], replace = false) {
    this.check(hits, replace)
    if (replace) this.clear()
    for (const hit of hits) this.entries.set(hit.objectID, prepare(hit))
    this.table = undefined
  }

  delete(objectID: string) {
    const deleted = this.entries.delete(objectID)
    this.table = undefined
    return deleted
  }

  clear() {
    this.entries.clear()
    this.table = undefined
  }

  search(body: Record<string, unknown>) {
    const result = v.safeParse(SearchSynonymsSchema, body)
    if (!result.success) throw new AlgoliaError(400, `Invalid value for "${v.getDotPath(result.issues[0]!) ?? 'body'}": ${result.issues[0]!.message}`)
    const { query, type, page, hitsPerPage } = result.output
    const wanted = key(query)
    const kind = type?.toLowerCase()
    const found: SynonymHit[] = []
    for (const [objectID, { hit, input, words }] of this.entries) {
      if (kind && hit.type !== kind) continue
      if (!wanted || key(objectID).includes(wanted) || input?.includes(wanted) || words.some((w) => w.includes(wanted))) found.push(hit)
    }
    return { hits: found.slice(page * hitsPerPage, (page + 1) * hitsPerPage), nbHits: found.length }
  }

  private compile() {
    const table = new Map<string, string[][]>()
    const add = (from: string, words: string[]) => {
      const lists = table.get(from)
      if (lists) lists.push(words)
      else table.set(from, [words])
    }
    for (const { input, words } of this.entries.values()) {
      if (input === undefined) for (const from of words) add(from, words)
      else add(input, words)
    }
    // a loop, not Math.max(...keys): an index at the cap has up to a million keys
    const lengths = new Set<number>()
    this.longest = 0
    for (const k of table.keys()) {
      this.longest = Math.max(this.longest, k.split(' ').length)
      if (CJK_ONLY.test(k)) lengths.add(k.length)
    }
    this.cjkLengths = [...lengths].sort((a, b) => b - a)
    this.table = table
    return table
  }

  /** What a key finds: every word of its lists, once, but itself. */
  private alternativesOf(table: Map<string, string[][]>, span: string) {
    const out = new Set<string>()
    for (const words of table.get(span)!) for (const word of words) if (word !== span) out.add(word)
    return [...out]
  }

  /**
   * The query as groups of terms. A query's word or phrase that is a synonym's (whole words, or for
   * CJK, which has no spaces, any stretch of a run, as Algolia's dictionary segmentation would cut
   * it) becomes one group: its own terms or any alternative's. Everything else becomes one group
   * per term, as without synonyms. Longest match first, left to right; each phrase is expanded once,
   * so a query costs one lookup per alternative rather than one per combination.
   */
  expand(query: string): QueryGroup[] {
    const normalized = normalize(query)
    const single = (terms: QueryTerm[]): QueryGroup[] => terms.map((t) => ({ alternatives: [[t]] }))
    const table = this.entries.size === 0 ? undefined : (this.table ?? this.compile())
    if (!table || table.size === 0) return single(queryTerms(query, normalized))

    const tokens = normalized.match(TOKEN) ?? []
    const plain: string[] = []
    const spans: string[] = []
    let endsInSpan = false
    for (let i = 0; i < tokens.length; ) {
      let matched = 0
      for (let n = Math.min(this.longest, tokens.length - i); n > 0 && !matched; n--) if (table.has(tokens.slice(i, i + n).join(' '))) matched = n
      if (matched) {
        spans.push(tokens.slice(i, i + matched).join(' '))
        i += matched
        endsInSpan = i === tokens.length
        continue
      }
      const token = tokens[i++]!
      endsInSpan = false
      if (!CJK_ONLY.test(token) || this.cjkLengths.length === 0) {
        plain.push(token)
        continue
      }
      // a CJK run: cut out the stretches that are synonyms; the pieces between keep their own pairs
      let rest = 0
      for (let at = 0; at < token.length; ) {
        const length = this.cjkLengths.find((n) => at + n <= token.length && table.has(token.slice(at, at + n)))
        if (length === undefined) {
          at++
          continue
        }
        if (at > rest) plain.push(token.slice(rest, at))
        spans.push(token.slice(at, at + length))
        at += length
        rest = at
        endsInSpan = at === token.length && i === tokens.length
      }
      if (rest < token.length) plain.push(token.slice(rest))
    }
    if (spans.length === 0) return single(queryTerms(query, normalized))

    const plainTerms = queryTerms(plain.join(' '))
    if (endsInSpan) for (const term of plainTerms) term.prefix = false
    // a character left beside a synonym cut out of a run (豆 of 豆大福) is no word of its own: the
    // index holds the pairs it starts (豆大), so it is matched as their prefix, as a one-character query is
    for (const term of plainTerms) if (term.cjk && term.term.length === 1) term.prefix = true
    const groups = single(plainTerms)
    let budget: number = SYNONYM_LIMITS.alternativesPerQuery
    for (const span of new Set(spans)) {
      const own = queryTerms(span)
      // the query's last word stays a prefix, as without synonyms
      if (!(endsInSpan && span === spans.at(-1))) for (const term of own) term.prefix = false
      const alternatives = this.alternativesOf(table, span).slice(0, Math.max(0, budget))
      budget -= alternatives.length
      groups.push({ alternatives: [own, ...alternatives.map(exact)], words: [span, ...alternatives].map((phrase) => phrase.split(' ').length) })
    }
    return groups
  }
}
