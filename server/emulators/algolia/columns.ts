import { valuesAt } from './record-values'

const NONE = -1
const MANY = -2

/**
 * One attribute's values across an index, for facet counts and filters: each distinct value once
 * (its type, its string form, its number), and per document the ids of the values it holds, so a
 * query counts and tests small integers instead of reading records and building strings.
 */
export class ValueColumn {
  readonly kinds: string[] = []
  readonly strings: string[] = []
  /** the value itself when it is a number, NaN otherwise */
  readonly numbers: number[] = []
  private readonly idByKey = new Map<string, number>()
  /** per document: the id of its only value, NONE, or MANY (its ids are then in `many`) */
  private first = new Int32Array(0).fill(NONE)
  private readonly many = new Map<number, Int32Array>()

  constructor(readonly attribute: string) {}

  get size() {
    return this.strings.length
  }

  private idOf(value: unknown) {
    const kind = typeof value
    const string = String(value)
    const key = `${kind}:${string}`
    let id = this.idByKey.get(key)
    if (id === undefined) {
      id = this.strings.length
      this.idByKey.set(key, id)
      this.kinds.push(kind)
      this.strings.push(string)
      this.numbers.push(kind === 'number' ? (value as number) : Number.NaN)
    }
    return id
  }

  set(doc: number, record: Record<string, unknown> | undefined) {
    if (doc >= this.first.length) {
      const grown = new Int32Array(Math.max(64, this.first.length * 2, doc + 1)).fill(NONE)
      grown.set(this.first)
      this.first = grown
    }
    this.many.delete(doc)
    // distinct values, as a Set keeps them; two distinct objects with one string form count twice, as before
    const ids = record ? [...new Set(valuesAt(record, this.attribute))].map((v) => this.idOf(v)) : []
    if (ids.length === 0) this.first[doc] = NONE
    else if (ids.length === 1) this.first[doc] = ids[0]!
    else {
      this.first[doc] = MANY
      this.many.set(doc, Int32Array.from(ids))
    }
  }

  /** Adds one to `counts[id]` for every value `doc` holds. */
  count(doc: number, counts: Uint32Array) {
    const id = this.first[doc] ?? NONE
    if (id >= 0) counts[id]!++
    else if (id === MANY) {
      const ids = this.many.get(doc)!
      for (let i = 0; i < ids.length; i++) counts[ids[i]!]!++
    }
  }

  /** Whether `doc` holds a value whose id is marked in `accepted`. */
  holds(doc: number, accepted: Uint8Array) {
    const id = this.first[doc] ?? NONE
    if (id >= 0) return accepted[id] === 1
    if (id !== MANY) return false
    const ids = this.many.get(doc)!
    for (let i = 0; i < ids.length; i++) if (accepted[ids[i]!] === 1) return true
    return false
  }

  /** The value ids for which `test(kind, string, number)` holds, as a membership array. */
  accept(test: (kind: string, string: string, number: number) => boolean) {
    const accepted = new Uint8Array(this.size)
    for (let id = 0; id < accepted.length; id++) if (test(this.kinds[id]!, this.strings[id]!, this.numbers[id]!)) accepted[id] = 1
    return accepted
  }
}

/** One attribute's first value as a number per document, as a sort criterion reads it. */
export class SortColumn {
  keys = new Float64Array(0)

  constructor(readonly attribute: string) {}

  set(doc: number, record: Record<string, unknown> | undefined) {
    if (doc >= this.keys.length) {
      const grown = new Float64Array(Math.max(64, this.keys.length * 2, doc + 1))
      grown.set(this.keys)
      this.keys = grown
    }
    this.keys[doc] = record ? Number(valuesAt(record, this.attribute)[0] ?? 0) : 0
  }
}
