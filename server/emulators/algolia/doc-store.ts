import { radix } from '@orama/orama/trees'
import { SortColumn, ValueColumn } from './columns'
import { valuesAt } from './record-values'
import { indexTokens, normalize } from './text'

export type SearchRecord = Record<string, unknown> & { objectID: string }

const SEPARATOR = ' \u2003 '
const EMPTY = new Int32Array(0)
const WORD_BREAK = /[^\p{L}\p{N}]+/u

/** An attribute's text, normalized: each distinct string value once (a reading in hiragana and in katakana is one) */
const textOf = (record: SearchRecord, attribute: string) => {
  const values = new Set<string>()
  for (const value of valuesAt(record, attribute)) if (typeof value === 'string') values.add(normalize(value))
  return [...values].join(SEPARATOR)
}

/** The words a document's texts put in the tree, each distinct text read once. */
const tokensOf = (texts: string[]) => {
  const joined = [...new Set(texts)].join(SEPARATOR)
  return indexTokens(joined, joined)
}

/**
 * An index's records under dense document numbers, with what queries read kept ready beside them:
 * the words of the searchable attributes in Orama's radix tree; each attribute's normalized text
 * under a text number (the same text, such as a city or a category, is stored and judged once)
 * with its word numbers, for the ranking's typo and attribute criteria; and value and sort columns,
 * built for an attribute the first time a query needs it and kept current by every write.
 * Records are kept as given: a caller must not change a record object after saving it.
 */
export class DocStore {
  tree = new radix.RadixTree()
  readonly records: (SearchRecord | undefined)[] = []
  /** per document: the text number of each searchable attribute */
  readonly textsOf: (Int32Array | undefined)[] = []
  /** per text number: the normalized text, and the numbers of its words */
  readonly texts: string[] = []
  readonly textWords: Int32Array[] = []
  private readonly textNumbers = new Map<string, number>()
  private readonly textUses: number[] = []
  private readonly freeTexts: number[] = []
  readonly vocabulary: string[] = []
  private readonly wordNumbers = new Map<string, number>()
  /** objectID to document number; a number is never given to another record, even after a delete */
  private readonly docOf = new Map<string, number>()
  private readonly valueColumns = new Map<string, ValueColumn>()
  private readonly sortColumns = new Map<string, SortColumn>()
  /** scratch space for set intersections: a document is in the current set when its mark equals the stamp */
  private marks = new Int32Array(0)
  private stamp = 0
  private docs = new Int32Array(0)

  constructor(private searchable: string[]) {}

  get size() {
    return this.docOf.size
  }

  get(objectID: string) {
    const doc = this.docOf.get(objectID)
    return doc === undefined ? undefined : this.records[doc]
  }

  /**
   * A buffer with room for every document, reused by each query (queries run one at a time):
   * matching and filtering fill and narrow it in place.
   */
  buffer() {
    if (this.docs.length < this.records.length) this.docs = new Int32Array(Math.max(64, this.records.length * 2))
    return this.docs
  }

  /** Every document, in no particular order, in the query buffer. */
  all() {
    const docs = this.buffer()
    let n = 0
    for (const doc of this.docOf.values()) docs[n++] = doc
    return docs.subarray(0, n)
  }

  save(records: SearchRecord[]) {
    for (const record of records) {
      let doc = this.docOf.get(record.objectID)
      if (doc === undefined) {
        doc = this.records.length
        this.docOf.set(record.objectID, doc)
      } else this.unindexText(doc)
      this.records[doc] = record
      this.indexText(doc)
      for (const column of this.valueColumns.values()) column.set(doc, record)
      for (const column of this.sortColumns.values()) column.set(doc, record)
    }
  }

  delete(objectIDs: string[]) {
    for (const id of objectIDs) {
      const doc = this.docOf.get(id)
      if (doc === undefined) continue
      this.unindexText(doc)
      this.docOf.delete(id)
      this.records[doc] = undefined
      for (const column of this.valueColumns.values()) column.set(doc, undefined)
      for (const column of this.sortColumns.values()) column.set(doc, undefined)
    }
  }

  /** New searchable attributes: the words of every record are indexed again. */
  setSearchable(attributes: string[]) {
    this.searchable = attributes
    this.tree = new radix.RadixTree()
    this.textNumbers.clear()
    this.texts.length = this.textWords.length = this.textUses.length = this.freeTexts.length = 0
    for (const doc of this.docOf.values()) {
      this.textsOf[doc] = undefined
      this.indexText(doc)
    }
  }

  private indexText(doc: number) {
    if (this.searchable.length === 0) return
    const record = this.records[doc]!
    const texts = this.searchable.map((a) => textOf(record, a))
    this.textsOf[doc] = Int32Array.from(texts, (text) => this.textNumber(text))
    for (const token of tokensOf(texts)) this.tree.insert(token, doc)
  }

  private unindexText(doc: number) {
    const texts = this.textsOf[doc]
    if (!this.records[doc] || !texts) return
    for (const token of tokensOf(Array.from(texts, (text) => this.texts[text]!))) this.tree.removeDocumentByWord(token, doc)
    for (const text of texts) if (--this.textUses[text]! === 0) this.dropText(text)
    this.textsOf[doc] = undefined
  }

  private textNumber(text: string) {
    let n = this.textNumbers.get(text)
    if (n === undefined) {
      n = this.freeTexts.pop() ?? this.texts.length
      this.textNumbers.set(text, n)
      this.texts[n] = text
      this.textUses[n] = 0
      const words: number[] = []
      for (const word of text.split(WORD_BREAK)) if (word) words.push(this.wordNumber(word))
      this.textWords[n] = Int32Array.from(words)
    }
    this.textUses[n]!++
    return n
  }

  private dropText(n: number) {
    this.textNumbers.delete(this.texts[n]!)
    this.texts[n] = ''
    this.textWords[n] = EMPTY
    this.freeTexts.push(n)
  }

  private wordNumber(word: string) {
    let n = this.wordNumbers.get(word)
    if (n === undefined) {
      n = this.vocabulary.length
      this.vocabulary.push(word)
      this.wordNumbers.set(word, n)
    }
    return n
  }

  /** The values of `attribute` per document, built on first use. */
  column(attribute: string) {
    let column = this.valueColumns.get(attribute)
    if (!column) {
      column = new ValueColumn(attribute)
      for (const doc of this.docOf.values()) column.set(doc, this.records[doc])
      this.valueColumns.set(attribute, column)
    }
    return column
  }

  /** The first value of `attribute` as a number per document, built on first use. */
  sortKeys(attribute: string) {
    let column = this.sortColumns.get(attribute)
    if (!column) {
      column = new SortColumn(attribute)
      for (const doc of this.docOf.values()) column.set(doc, this.records[doc])
      this.sortColumns.set(attribute, column)
    }
    return column.keys
  }

  /** A fresh stamp for marking a set of documents (see `mark` and `marked`). */
  newMark() {
    if (this.marks.length < this.records.length) this.marks = new Int32Array(Math.max(64, this.records.length * 2))
    if (++this.stamp === 0x7fffffff) {
      this.marks.fill(0)
      this.stamp = 1
    }
    return this.stamp
  }

  mark(doc: number, stamp: number) {
    if (this.marks[doc] === stamp) return false
    this.marks[doc] = stamp
    return true
  }

  marked(doc: number, stamp: number) {
    return this.marks[doc] === stamp
  }
}
