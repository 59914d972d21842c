import type { DocStore } from './doc-store'
import type { QueryGroup } from './synonyms'
import type { QueryTerm } from './text'
import { wordNear } from './word-match'

export interface SortSpec {
  dir: number
  attribute: string
}

const collator = new Intl.Collator()
const digitsOnly = (s: string) => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return s.length > 0
}
/** String.prototype.localeCompare's order; strings of ASCII digits collate as their code units do in every locale */
const compareIds = (a: string, b: string) => (digitsOnly(a) && digitsOnly(b) ? (a < b ? -1 : a > b ? 1 : 0) : collator.compare(a, b))

/**
 * Algolia's tie-breaking over one query's hits: the sort criteria placed before relevance (a
 * replica's `ranking`), typos (the terms not found as written), attribute (the first searchable
 * attribute holding every term, as written or within the term's typo allowance), exact (a hit
 * found through a synonym comes after one holding the words typed, unless `alternativesAsExact`
 * counts that kind of synonym as exact), `customRanking`, then objectID. A synonym is no typo, and
 * its attribute counts like the words typed, as in Algolia's default ranking (typo, ..., attribute,
 * exact, custom). The criteria are worked out for a hit only when a comparison reaches them, from
 * answers kept per distinct text and per distinct word for the length of the query.
 */
export class Ranking {
  private readonly before: Float64Array[]
  private readonly beforeDir: number[]
  private readonly after: Float64Array[]
  private readonly afterDir: number[]
  /** per document: typos, attribute and synonyms used, 10 bits each, plus 1; 0 while not yet known */
  private readonly tiers: Int32Array
  /** every distinct term of the query's groups, and each group's alternatives as term numbers */
  private readonly terms: QueryTerm[] = []
  private readonly groups: number[][][]
  /** no synonym in the query: one term per group, as numbered */
  private readonly plain: boolean
  /** per group, per alternative: whether a hit found through it counts as exact */
  private readonly asExact: boolean[][]
  private readonly someExact: boolean[]
  /** per term, per text number: 0 not yet known, 1 the text holds the term as written, 2 it does not (made when the term is first asked about) */
  private readonly holds: (Uint8Array | undefined)[]
  /** per term with a typo allowance, per text number then per word number: 0 not yet known, 1 near, 2 not near */
  private readonly nearText: (Uint8Array | undefined)[]
  private readonly nearWord: (Uint8Array | undefined)[]

  constructor(
    private readonly store: DocStore,
    groups: QueryGroup[],
    before: SortSpec[],
    after: SortSpec[],
    exactSynonyms: { singleWord: boolean; multiWords: boolean },
  ) {
    const numbers = new Map<QueryTerm, number>()
    const number = (term: QueryTerm) => {
      let k = numbers.get(term)
      if (k === undefined) {
        k = this.terms.push(term) - 1
        numbers.set(term, k)
      }
      return k
    }
    this.groups = groups.map((g) => g.alternatives.map((alternative) => alternative.map(number)))
    this.asExact = groups.map((g) => g.alternatives.map((_, i) => i === 0 || ((g.words?.[i] ?? 1) > 1 ? exactSynonyms.multiWords : exactSynonyms.singleWord)))
    this.someExact = this.asExact.map((exact) => exact.slice(1).some(Boolean))
    this.plain = this.groups.every((alternatives) => alternatives.length === 1 && alternatives[0]!.length === 1)
    const terms = this.terms
    this.before = before.map((s) => store.sortKeys(s.attribute))
    this.beforeDir = before.map((s) => s.dir)
    this.after = after.map((s) => store.sortKeys(s.attribute))
    this.afterDir = after.map((s) => s.dir)
    this.tiers = new Int32Array(groups.length > 0 ? store.records.length : 0)
    this.holds = terms.map(() => undefined)
    this.nearText = terms.map((t) => (t.typos > 0 ? new Uint8Array(store.texts.length) : undefined))
    this.nearWord = terms.map((t) => (t.typos > 0 ? new Uint8Array(store.vocabulary.length) : undefined))
  }

  readonly compare = (a: number, b: number) => {
    for (let i = 0; i < this.before.length; i++) {
      const keys = this.before[i]!
      const c = (keys[a]! - keys[b]!) * this.beforeDir[i]!
      if (c) return c
    }
    if (this.groups.length > 0) {
      const c = this.tiersOf(a) - this.tiersOf(b)
      if (c) return c
    }
    for (let i = 0; i < this.after.length; i++) {
      const keys = this.after[i]!
      const c = (keys[a]! - keys[b]!) * this.afterDir[i]!
      if (c) return c
    }
    return compareIds(this.store.records[a]!.objectID, this.store.records[b]!.objectID)
  }

  private tiersOf(doc: number) {
    let packed = this.tiers[doc]!
    if (packed === 0) {
      packed = this.computeTiers(doc) + 1
      this.tiers[doc] = packed
    }
    return packed
  }

  // no closures below: they run per hit, and a closure made per call is costly (tsx names each one)
  private computeTiers(doc: number) {
    const texts = this.store.textsOf[doc] ?? NO_TEXTS
    if (this.plain) return this.plainTiers(texts)
    let typos = 0
    let synonyms = 0
    for (let g = 0; g < this.groups.length; g++) {
      const alternatives = this.groups[g]!
      let missing = 0
      for (const k of alternatives[0]!) if (!this.heldAnywhere(k, texts)) missing++
      if (missing === 0) continue
      let held = false
      let exact = false
      // the first synonym held settles it, unless another one might count as exact
      for (let i = 1; i < alternatives.length && !exact && !(held && !this.someExact[g]); i++) {
        if (!this.allHeldAnywhere(alternatives[i]!, texts)) continue
        held = true
        exact = this.asExact[g]![i]!
      }
      if (!held) typos += missing
      else if (!exact) synonyms++
    }
    let attribute = texts.length
    for (let i = 0; i < texts.length && attribute === texts.length; i++) {
      let all = true
      for (let g = 0; g < this.groups.length && all; g++) {
        let any = false
        for (const alternative of this.groups[g]!) if ((any = this.allInText(alternative, texts[i]!))) break
        all = any
      }
      if (all) attribute = i
    }
    return (Math.min(typos, 1023) << 20) | (Math.min(attribute, 1023) << 10) | Math.min(synonyms, 1023)
  }

  private heldAnywhere(k: number, texts: Int32Array) {
    for (let i = 0; i < texts.length; i++) if (this.holdsTerm(k, texts[i]!)) return true
    return false
  }

  private allHeldAnywhere(alternative: number[], texts: Int32Array) {
    for (const k of alternative) if (!this.heldAnywhere(k, texts)) return false
    return true
  }

  private allInText(alternative: number[], text: number) {
    for (const k of alternative) if (!this.holdsTerm(k, text) && !this.nearTerm(k, text)) return false
    return true
  }

  /** computeTiers for a query without synonyms: each term is a group of its own */
  private plainTiers(texts: Int32Array) {
    const terms = this.terms.length
    let typos = 0
    for (let k = 0; k < terms; k++) {
      let found = false
      for (let i = 0; i < texts.length && !found; i++) found = this.holdsTerm(k, texts[i]!)
      if (!found) typos++
    }
    let attribute = texts.length
    for (let i = 0; i < texts.length && attribute === texts.length; i++) {
      let all = true
      for (let k = 0; k < terms && all; k++) all = this.holdsTerm(k, texts[i]!) || this.nearTerm(k, texts[i]!)
      if (all) attribute = i
    }
    return (Math.min(typos, 1023) << 20) | (Math.min(attribute, 1023) << 10)
  }

  private holdsTerm(k: number, text: number) {
    const known = (this.holds[k] ??= new Uint8Array(this.store.texts.length))
    if (known[text] === 0) known[text] = this.store.texts[text]!.includes(this.terms[k]!.term) ? 1 : 2
    return known[text] === 1
  }

  /** Whether some word of the text comes within the typo allowance of term `k` (see wordNear). */
  private nearTerm(k: number, text: number) {
    const known = this.nearText[k]
    if (!known) return false
    if (known[text] === 0) {
      const words = this.nearWord[k]!
      const term = this.terms[k]!
      let near = false
      const textWords = this.store.textWords[text]!
      for (let w = 0; w < textWords.length && !near; w++) {
        const word = textWords[w]!
        if (words[word] === 0) words[word] = wordNear(this.store.vocabulary[word]!, term.term, term.typos) ? 1 : 2
        near = words[word] === 1
      }
      known[text] = near ? 1 : 2
    }
    return known[text] === 1
  }
}

const NO_TEXTS = new Int32Array(0)

/**
 * The hits from `from` to `to` in order: a full sort when most of them are wanted, otherwise a
 * bounded heap keeps the best `to` while the hits stream past.
 */
export function rankedSlice(hits: ArrayLike<number>, from: number, to: number, compare: (a: number, b: number) => number) {
  const k = Math.min(to, hits.length)
  if (k <= from) return []
  if (k * 2 >= hits.length) return Array.from(hits).sort(compare).slice(from, k)
  // max-heap on `compare`: the worst of the best k at the top
  const heap: number[] = []
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (compare(heap[i]!, heap[parent]!) <= 0) return
      ;[heap[i], heap[parent]] = [heap[parent]!, heap[i]!]
      i = parent
    }
  }
  const down = (i: number) => {
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let worst = i
      if (left < heap.length && compare(heap[left]!, heap[worst]!) > 0) worst = left
      if (right < heap.length && compare(heap[right]!, heap[worst]!) > 0) worst = right
      if (worst === i) return
      ;[heap[i], heap[worst]] = [heap[worst]!, heap[i]!]
      i = worst
    }
  }
  for (let i = 0; i < hits.length; i++) {
    const hit = hits[i]!
    if (heap.length < k) {
      heap.push(hit)
      up(heap.length - 1)
    } else if (compare(hit, heap[0]!) < 0) {
      heap[0] = hit
      down(0)
    }
  }
  return heap.sort(compare).slice(from, k)
}
