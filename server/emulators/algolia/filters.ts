import type { ValueColumn } from './columns'
import { SEARCH_LIMITS } from './params'
import { valuesAt } from './record-values'

/**
 * Algolia's filter languages: `filters` (facet `attr:value`, numeric comparisons and
 * `attr:lo TO hi`, boolean `attr:true`, combined with AND, OR, NOT and parentheses), plus the
 * array forms `facetFilters` and `numericFilters` (outer array AND, inner arrays OR). A filter
 * is parsed once into a tree, which becomes a predicate over a record or, for the engine, over a
 * document's value columns; anything malformed is an error naming what is wrong.
 */
export class FilterError extends Error {}

export type Predicate = (record: Record<string, unknown>) => boolean

export type FilterNode =
  | { op: 'all' }
  | { op: 'and' | 'or'; parts: FilterNode[] }
  | { op: 'not'; part: FilterNode }
  | { op: 'facet'; attribute: string; value: string }
  | { op: 'compare'; attribute: string; cmp: string; value: number }
  | { op: 'range'; attribute: string; lo: number; hi: number }

type Token = { kind: 'word' | 'string' | 'op' | 'lparen' | 'rparen' | 'colon'; text: string; at: number }

const OPERATORS = ['<=', '>=', '!=', '<', '>', '=']
const WORD = /[^\s():"'<>=!]+/y

function lex(input: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < input.length) {
    const ch = input[i]!
    if (/\s/.test(ch)) {
      i++
    } else if (ch === '(' || ch === ')') {
      tokens.push({ kind: ch === '(' ? 'lparen' : 'rparen', text: ch, at: i })
      i++
    } else if (ch === ':') {
      tokens.push({ kind: 'colon', text: ch, at: i })
      i++
    } else if (ch === '"' || ch === "'") {
      const end = input.indexOf(ch, i + 1)
      if (end < 0) throw new FilterError(`filters: Unterminated string at col ${i + 1}`)
      tokens.push({ kind: 'string', text: input.slice(i + 1, end), at: i })
      i = end + 1
    } else {
      const op = OPERATORS.find((o) => input.startsWith(o, i))
      if (op) {
        tokens.push({ kind: 'op', text: op, at: i })
        i += op.length
        continue
      }
      WORD.lastIndex = i
      const match = WORD.exec(input)
      if (!match) throw new FilterError(`filters: Unexpected character '${ch}' at col ${i + 1}`)
      tokens.push({ kind: 'word', text: match[0], at: i })
      i += match[0].length
    }
  }
  return tokens
}


const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '=': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '>=': (a, b) => a >= b,
  '>': (a, b) => a > b,
}

/** Whether one value satisfies a leaf condition, from its type, string form and number. */
function leafTest(node: Extract<FilterNode, { op: 'facet' | 'compare' | 'range' }>): (kind: string, string: string, number: number) => boolean {
  switch (node.op) {
    case 'facet': {
      const lower = node.value.toLowerCase()
      return (kind, string) => string === node.value || (kind === 'boolean' && string === lower)
    }
    case 'compare': {
      const compare = COMPARE[node.cmp]!
      return (kind, _string, number) => kind === 'number' && compare(number, node.value)
    }
    case 'range':
      return (kind, _string, number) => kind === 'number' && number >= node.lo && number <= node.hi
  }
}

const and = (parts: FilterNode[]): FilterNode => (parts.length === 1 ? parts[0]! : { op: 'and', parts })
const or = (parts: FilterNode[]): FilterNode => (parts.length === 1 ? parts[0]! : { op: 'or', parts })

/** A filter tree as a predicate over records. */
export function toPredicate(node: FilterNode): Predicate {
  switch (node.op) {
    case 'all':
      return () => true
    case 'and': {
      const parts = node.parts.map(toPredicate)
      return (r) => parts.every((p) => p(r))
    }
    case 'or': {
      const parts = node.parts.map(toPredicate)
      return (r) => parts.some((p) => p(r))
    }
    case 'not': {
      const part = toPredicate(node.part)
      return (r) => !part(r)
    }
    default: {
      const test = leafTest(node)
      return (r) => valuesAt(r, node.attribute).some((v) => test(typeof v, String(v), typeof v === 'number' ? v : Number.NaN))
    }
  }
}

/**
 * A filter tree as a predicate over document numbers: each condition is decided once per distinct
 * value of its attribute, and a document is tested by the ids of the values it holds.
 * Undefined when the filter lets everything through.
 */
export function toDocumentPredicate(node: FilterNode, column: (attribute: string) => ValueColumn): ((doc: number) => boolean) | undefined {
  if (node.op === 'all') return undefined
  const compile = (n: FilterNode): ((doc: number) => boolean) => {
    switch (n.op) {
      case 'all':
        return () => true
      case 'and': {
        const parts = n.parts.map(compile)
        return (d) => {
          for (const p of parts) if (!p(d)) return false
          return true
        }
      }
      case 'or': {
        const parts = n.parts.map(compile)
        return (d) => {
          for (const p of parts) if (p(d)) return true
          return false
        }
      }
      case 'not': {
        const part = compile(n.part)
        return (d) => !part(d)
      }
      default: {
        const values = column(n.attribute)
        const accepted = values.accept(leafTest(n))
        return (d) => values.holds(d, accepted)
      }
    }
  }
  return compile(node)
}

const toNumber = (text: string, at: number) => {
  const n = Number(text)
  if (text === '' || !Number.isFinite(n)) throw new FilterError(`filters: Expected a number at col ${at + 1} but got '${text}'`)
  return n
}

/**
 * Parses the `filters` string into a tree. Parentheses and NOTs may nest `SEARCH_LIMITS.filterDepth`
 * deep: the parser and the predicates it becomes recurse once per level.
 */
export function parseFilterTree(input: string): FilterNode {
  if (input.length > SEARCH_LIMITS.filterLength) throw new FilterError(`filters: at most ${SEARCH_LIMITS.filterLength} characters`)
  const tokens = lex(input)
  let pos = 0
  let depth = 0
  const peek = () => tokens[pos]
  const isWord = (t: Token | undefined, word: string) => t?.kind === 'word' && t.text === word
  const fail = (what: string): never => {
    const t = peek()
    throw new FilterError(t ? `filters: ${what} at col ${t.at + 1}, got '${t.text}'` : `filters: ${what} at the end of the filter`)
  }
  const deeper = () => {
    if (++depth > SEARCH_LIMITS.filterDepth) fail(`Parentheses and NOT nest at most ${SEARCH_LIMITS.filterDepth} deep`)
  }

  function parseOr(): FilterNode {
    const parts = [parseAnd()]
    while (isWord(peek(), 'OR')) {
      pos++
      parts.push(parseAnd())
    }
    return or(parts)
  }
  function parseAnd(): FilterNode {
    const parts = [parseUnary()]
    while (isWord(peek(), 'AND')) {
      pos++
      parts.push(parseUnary())
    }
    return and(parts)
  }
  function parseUnary(): FilterNode {
    if (isWord(peek(), 'NOT')) {
      deeper()
      pos++
      const part = parseUnary()
      depth--
      return { op: 'not', part }
    }
    if (peek()?.kind === 'lparen') {
      deeper()
      pos++
      const inner = parseOr()
      if (peek()?.kind !== 'rparen') fail("Expected ')'")
      pos++
      depth--
      return inner
    }
    return parseCondition()
  }
  function parseCondition(): FilterNode {
    const attribute = peek()
    if (!attribute || (attribute.kind !== 'word' && attribute.kind !== 'string')) return fail('Expected an attribute')
    pos++
    const next = peek()
    if (next?.kind === 'op') {
      pos++
      const value = peek()
      if (!value || value.kind !== 'word') return fail('Expected a number')
      pos++
      return { op: 'compare', attribute: attribute.text, cmp: next.text, value: toNumber(value.text, value.at) }
    }
    if (next?.kind !== 'colon') return fail("Expected ':' or a comparison")
    pos++
    const value = peek()
    if (!value || (value.kind !== 'word' && value.kind !== 'string')) return fail('Expected a value')
    pos++
    if (isWord(peek(), 'TO')) {
      pos++
      const upper = peek()
      if (!upper || upper.kind !== 'word') return fail('Expected a number after TO')
      pos++
      return { op: 'range', attribute: attribute.text, lo: toNumber(value.text, value.at), hi: toNumber(upper.text, upper.at) }
    }
    return { op: 'facet', attribute: attribute.text, value: value.text }
  }

  if (tokens.length === 0) return { op: 'all' }
  const tree = parseOr()
  if (pos < tokens.length) fail('Unexpected token')
  return tree
}

/** Parses the `filters` string into a predicate over records. */
export const parseFilters = (input: string): Predicate => toPredicate(parseFilterTree(input))

type Nested = string | (string | string[])[]

/** `facetFilters`: ["attr:value", ["attr:a", "attr:b"]], a value starting with `-` negated. */
export function facetFilterTree(input: Nested): FilterNode {
  const one = (filter: string): FilterNode => {
    const colon = filter.indexOf(':')
    if (colon <= 0) throw new FilterError(`facetFilters: '${filter}' is not attribute:value`)
    const attribute = filter.slice(0, colon)
    const raw = filter.slice(colon + 1)
    if (raw.startsWith('-')) return { op: 'not', part: { op: 'facet', attribute, value: raw.slice(1) } }
    return { op: 'facet', attribute, value: raw.startsWith('\\-') ? raw.slice(1) : raw }
  }
  return combine(input, one, 'facetFilters')
}

/** `numericFilters`: ["attr>=10", "attr:10 TO 20", ["a<1", "b>2"]]. */
export function numericFilterTree(input: Nested): FilterNode {
  const one = (filter: string): FilterNode => {
    const range = /^\s*([\w.]+)\s*:\s*(-?[\d.]+)\s+TO\s+(-?[\d.]+)\s*$/.exec(filter)
    if (range) return parseFilterTree(`${range[1]}:${range[2]} TO ${range[3]}`)
    const comparison = /^\s*([\w.]+)\s*(<=|>=|!=|<|>|=)\s*(-?[\d.]+)\s*$/.exec(filter)
    if (!comparison) throw new FilterError(`numericFilters: '${filter}' is not a numeric filter`)
    return { op: 'compare', attribute: comparison[1]!, cmp: comparison[2]!, value: Number(comparison[3]) }
  }
  return combine(input, one, 'numericFilters')
}

/** The attributes an index lets a query filter on. */
export interface FilterScope {
  /** `attributesForFaceting`: `attr:value`, and comparisons too */
  facets: ReadonlySet<string>
  /** `numericAttributesForFiltering`: comparisons and ranges only */
  numeric: ReadonlySet<string>
}

/**
 * Refuses a filter naming an attribute the index does not declare (each attribute a query filters
 * on gets a value column kept for the life of the index, so strangers must not choose them) or
 * holding more than `SEARCH_LIMITS.filterConditions` conditions.
 */
export function checkFilter(node: FilterNode, scope: FilterScope) {
  let conditions = 0
  const pending = [node]
  while (pending.length) {
    const n = pending.pop()!
    switch (n.op) {
      case 'all':
        break
      case 'and':
      case 'or':
        pending.push(...n.parts)
        break
      case 'not':
        pending.push(n.part)
        break
      default: {
        if (++conditions > SEARCH_LIMITS.filterConditions) throw new FilterError(`Filters hold at most ${SEARCH_LIMITS.filterConditions} conditions`)
        const facet = n.op === 'facet'
        if (!scope.facets.has(n.attribute) && (facet || !scope.numeric.has(n.attribute))) {
          const declared = facet ? 'attributesForFaceting' : 'attributesForFaceting or numericAttributesForFiltering'
          throw new FilterError(`Cannot filter on attribute '${n.attribute.slice(0, SEARCH_LIMITS.nameLength)}': it is not in ${declared}`)
        }
      }
    }
  }
}

export const parseFacetFilters = (input: Nested): Predicate => toPredicate(facetFilterTree(input))
export const parseNumericFilters = (input: Nested): Predicate => toPredicate(numericFilterTree(input))

function combine(input: Nested, one: (filter: string) => FilterNode, name: string): FilterNode {
  const list = typeof input === 'string' ? input.split(',').filter((s) => s.trim()) : input
  if (!Array.isArray(list)) throw new FilterError(`${name}: must be a string or an array`)
  if (list.reduce((n, item) => n + (Array.isArray(item) ? item.length : 1), 0) > SEARCH_LIMITS.filterConditions) {
    throw new FilterError(`${name}: at most ${SEARCH_LIMITS.filterConditions} conditions`)
  }
  const groups = list.map((item): FilterNode => {
    if (typeof item === 'string') return one(item)
    if (Array.isArray(item) && item.every((s) => typeof s === 'string')) return { op: 'or', parts: item.map(one) }
    throw new FilterError(`${name}: nested values must be strings`)
  })
  return { op: 'and', parts: groups }
}
